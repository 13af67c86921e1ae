import { lazy, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { MEMBER_SESSION_CLASS } from '@portal/shared';
import BellOutlined from '@ant-design/icons-svg/es/asn/BellOutlined';
import IdcardOutlined from '@ant-design/icons-svg/es/asn/IdcardOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import { membersApi } from '../../api/members';
import { useActivityUnread } from '../activity/useActivityUnread';
import { membershipPath } from '../membership/paths';
import { useMemberDialogs } from './MemberDialogs';
import { hasMemberSession, useMemberSession } from './session';
import { Icon } from '../../components/Icon';
import { OnDemand } from '../../components/OnDemand';
import { toast } from '../../components/toast';
import styles from './memberEntrance.module.css';

// The account dialog (forms and their schemas) loads when the member first opens it.
const UserInfoDialog = lazy(() => import('./UserInfoDialog').then((m) => ({ default: m.UserInfoDialog })));

/** 活动通知 beside the account, with the number of unread notices; on a phone a bell, so a member's bar fits one line. */
function ActivityNotices({ className }: { className?: string }) {
  const unread = useActivityUnread();
  return (
    <Link
      to="/member/activity"
      className={`${className ?? ''} ${styles.phoneIcon}`}
      title={unread > 0 ? `${unread}条未读活动通知` : '活动通知'}
      aria-label={unread > 0 ? `活动通知 ${unread}条未读` : '活动通知'}
    >
      <Icon icon={BellOutlined} /> <span className={styles.wideLabel}>活动通知</span>{' '}
      {unread > 0 && (
        <span className={styles.unread} data-testid="unread-count">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}

/** 我的会籍 (dues, expiry, how to renew); on a phone its card icon, as 活动通知's bell. */
function MembershipLink({ className }: { className?: string }) {
  return (
    <Link to={membershipPath} className={`${className ?? ''} ${styles.phoneIcon}`} aria-label="我的会籍" title="我的会籍">
      <Icon icon={IdcardOutlined} /> <span className={styles.wideLabel}>我的会籍</span>
    </Link>
  );
}

/**
 * 会员登录, or the member's account (opens the user-info dialog), 我的会籍, 活动通知 with the
 * unread count, and 退出 (spec §2 "Header").
 * Logging out ends the session on the server, then here whatever it answered, and returns home.
 */
export function MemberEntrance({ classNames }: { classNames: Partial<Record<'entrance' | 'link' | 'account', string>> }) {
  const { loggedIn, info, setToken } = useMemberSession();
  const { openLogin } = useMemberDialogs();
  const [infoOpen, setInfoOpen] = useState(false);
  const navigate = useNavigate();
  useEffect(() => {
    // The head's mark of a stored session has done its work once this entrance shows the session
    // as it is: signed in, or with no token left (the hydrating render still shows a visitor).
    if (loggedIn || !hasMemberSession()) document.documentElement.classList.remove(MEMBER_SESSION_CLASS);
  }, [loggedIn]);

  if (!loggedIn) {
    return (
      <button type="button" className={`${classNames.link ?? ''} ${styles.signIn}`} onClick={() => openLogin()}>
        <Icon icon={UserOutlined} /> 会员登录
      </button>
    );
  }

  const logout = async () => {
    // A failed call still ends the session here: the token is dropped either way.
    const text = await membersApi.logout().catch(() => null);
    setToken(null);
    if (text) toast('success', text);
    void navigate('/home');
  };

  return (
    <span className={classNames.entrance}>
      <button type="button" className={classNames.link} title={info?.MemberName} onClick={() => setInfoOpen(true)}>
        <Icon icon={UserOutlined} /> <span className={classNames.account}>{info?.Account ?? '会员'}</span>
      </button>
      <MembershipLink className={classNames.link} />
      <ActivityNotices className={classNames.link} />
      <button type="button" className={classNames.link} onClick={() => void logout()}>
        退出
      </button>
      {/* An initial password to replace (MustChangePwd) opens the dialog by itself, on that alone. */}
      <OnDemand open={infoOpen || info?.MustChangePwd === true}>
        <UserInfoDialog open={infoOpen} onClose={() => setInfoOpen(false)} profile={info} />
      </OnDemand>
    </span>
  );
}
