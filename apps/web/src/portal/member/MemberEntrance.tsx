import { lazy, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { MEMBER_SESSION_CLASS, sitePages } from '@portal/shared';
import BellOutlined from '@ant-design/icons-svg/es/asn/BellOutlined';
import IdcardOutlined from '@ant-design/icons-svg/es/asn/IdcardOutlined';
import MailOutlined from '@ant-design/icons-svg/es/asn/MailOutlined';
import SettingOutlined from '@ant-design/icons-svg/es/asn/SettingOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import { membersApi } from '../../api/members';
import { useActivityUnread } from '../activity/useActivityUnread';
import { useInboxUnread } from '../inbox/useInboxUnread';
import { membershipPath } from '../membership/paths';
import { useMemberDialogs } from './MemberDialogs';
import { hasMemberSession, useMemberSession } from './session';
import { Icon } from '../../components/Icon';
import { OnDemand } from '../../components/OnDemand';
import { toast } from '../../components/toast';
import styles from './memberEntrance.module.css';

// The account dialog (forms and their schemas) loads when the member first opens it.
const UserInfoDialog = lazy(() => import('./UserInfoDialog').then((m) => ({ default: m.UserInfoDialog })));

/**
 * A member's link with the number of unread items beside it (活动通知, 站内信); on a phone its
 * icon alone, so a member's bar fits one line (the link's name keeps the words and the count).
 */
function UnreadLink({ to, icon, label, unread, className }: { to: string; icon: IconDefinition; label: string; unread: number; className?: string }) {
  // The words seen ("站内信 2", or "2" on a phone) begin the name, as a voice user says them (axe: label-content-name-mismatch).
  const name = unread > 0 ? `${label} ${unread}条未读` : label;
  return (
    <Link to={to} className={`${className ?? ''} ${styles.phoneIcon} ${unread > 0 ? styles.counted : ''}`} title={name} aria-label={name}>
      <Icon icon={icon} /> <span className={styles.wideLabel}>{label}</span>{' '}
      {unread > 0 && (
        <span className={styles.unread} data-testid="unread-count">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}

function ActivityNotices({ className }: { className?: string }) {
  return <UnreadLink to="/member/activity" icon={BellOutlined} label="活动通知" unread={useActivityUnread()} className={className} />;
}

/** 站内信: what the association sent the member, polled modestly (useInboxUnread). */
function Inbox({ className }: { className?: string }) {
  return <UnreadLink to={sitePages.inbox.path} icon={MailOutlined} label="站内信" unread={useInboxUnread()} className={className} />;
}

/** A member's page by its name; on a phone its icon alone, as 活动通知's bell (the link's name keeps the words). */
function IconLink({ to, icon, label, className }: { to: string; icon: IconDefinition; label: string; className?: string }) {
  return (
    <Link to={to} className={`${className ?? ''} ${styles.phoneIcon}`} aria-label={label} title={label}>
      <Icon icon={icon} /> <span className={styles.wideLabel}>{label}</span>
    </Link>
  );
}

/**
 * 会员登录, or the member's account (opens the user-info dialog), 我的会籍, 活动通知 and 站内信
 * with their unread counts, 通知设置, and 退出 (spec §2 "Header").
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
      {/* 我的会籍: dues, expiry, how to renew. */}
      <IconLink to={membershipPath} icon={IdcardOutlined} label="我的会籍" className={classNames.link} />
      <ActivityNotices className={classNames.link} />
      <Inbox className={classNames.link} />
      {/* 通知设置: which categories of 会员通知 the member receives. Not on a phone, whose bar has no room left: 站内信 and 我的会籍 link to it. */}
      <IconLink to={sitePages.mailPreferences.path} icon={SettingOutlined} label="通知设置" className={`${classNames.link ?? ''} ${styles.wideOnly}`} />
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
