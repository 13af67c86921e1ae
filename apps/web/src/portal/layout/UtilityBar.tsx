import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Popover } from 'antd';
import { EditOutlined, MessageOutlined, QrcodeOutlined } from '@ant-design/icons';
import { useMemberDialogs } from '../member/MemberDialogs';
import { MemberEntrance } from '../member/MemberEntrance';
import { useMemberSession } from '../member/session';
import { Clock } from './Clock';
import { SizeSelector } from './SizeSelector';
import { qrCodes } from './qrCodes';
import styles from './header.module.css';

/** 关注我们: the QR code under the pointer, or opened by Enter/Space from the keyboard and closed by Escape. */
function FollowUs() {
  const qr = qrCodes.officialAccount;
  const [open, setOpen] = useState(false);
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger={['hover', 'click']}
      placement="bottom"
      content={
        <figure className={styles.qrPopover}>
          <img src={qr.src} alt={qr.label} width={140} height={140} />
          <figcaption>扫码关注{qr.label}</figcaption>
        </figure>
      }
    >
      <button type="button" className={styles.barLink} aria-expanded={open} onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
        <QrcodeOutlined aria-hidden /> 关注我们
      </button>
    </Popover>
  );
}

/** 投稿: members go to the contribution centre; visitors log in first, then continue there. */
function ContributeEntry() {
  const { loggedIn } = useMemberSession();
  const { openLogin } = useMemberDialogs();
  const navigate = useNavigate();
  const toContribute = () => void navigate('/contribute');
  return (
    <button type="button" className={styles.barLink} onClick={() => (loggedIn ? toContribute() : openLogin(toContribute))}>
      <EditOutlined aria-hidden /> 投稿
    </button>
  );
}

/** The thin bar above the masthead: clock on the left, member and service entries on the right. */
export function UtilityBar() {
  const { openSuggestion } = useMemberDialogs();
  return (
    <div className={styles.topBar}>
      <div className={styles.inner}>
        <Clock className={styles.clock} />
        <nav className={styles.utilities} aria-label="会员与服务">
          <MemberEntrance classNames={{ entrance: styles.member, link: styles.barLink, account: styles.account }} />
          <button type="button" className={styles.barLink} onClick={openSuggestion}>
            <MessageOutlined aria-hidden /> 建议箱
          </button>
          <FollowUs />
          <ContributeEntry />
          <SizeSelector className={styles.barLink} />
        </nav>
      </div>
    </div>
  );
}
