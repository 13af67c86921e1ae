import { useNavigate } from 'react-router';
import EditOutlined from '@ant-design/icons-svg/es/asn/EditOutlined';
import MessageOutlined from '@ant-design/icons-svg/es/asn/MessageOutlined';
import QrcodeOutlined from '@ant-design/icons-svg/es/asn/QrcodeOutlined';
import { useDisplay } from '../../AppProviders';
import { Icon } from '../../components/Icon';
import { CareEntry } from '../care/CareEntry';
import { Popover } from '../../components/Popover';
import { useMemberDialogs } from '../member/MemberDialogs';
import { MemberEntrance } from '../member/MemberEntrance';
import { useMemberSession } from '../member/session';
import { Clock } from './Clock';
import { SizeSelector } from './SizeSelector';
import { qrCodes } from './qrCodes';
import styles from './header.module.css';

/**
 * 关注我们: the QR code under the pointer, or opened by Enter/Space from the keyboard and closed
 * by Escape. Not on a phone, which cannot scan its own screen (the footer keeps the codes).
 */
function FollowUs() {
  const qr = qrCodes.officialAccount;
  return (
    <Popover
      className={styles.followUs}
      cardClassName={styles.qrPopover}
      trigger={({ open, toggle }) => (
        <button type="button" className={styles.barLink} aria-expanded={open} onClick={toggle}>
          <Icon icon={QrcodeOutlined} /> 关注我们
        </button>
      )}
    >
      <figure>
        <img src={qr.src} alt={qr.label} width={140} height={140} />
        <figcaption>扫码关注{qr.label}</figcaption>
      </figure>
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
      <Icon icon={EditOutlined} /> 投稿
    </button>
  );
}

/** The thin bar above the masthead: clock on the left, member and service entries on the right. */
export function UtilityBar() {
  const { openSuggestion } = useMemberDialogs();
  const { care, simple } = useDisplay().prefs;
  return (
    <div className={styles.topBar}>
      <div className={styles.inner}>
        <Clock className={styles.clock} />
        <nav className={styles.utilities} aria-label="会员与服务">
          <MemberEntrance classNames={{ entrance: styles.member, link: styles.barLink, account: styles.account }} />
          <button type="button" className={styles.barLink} onClick={openSuggestion}>
            <Icon icon={MessageOutlined} /> 建议箱
          </button>
          {/* 关怀版's simple view has no pop-ups; the footer keeps the QR codes. */}
          {!(care && simple) && <FollowUs />}
          <ContributeEntry />
          <SizeSelector className={styles.barLink} />
          <CareEntry className={styles.barLink} />
        </nav>
      </div>
    </div>
  );
}
