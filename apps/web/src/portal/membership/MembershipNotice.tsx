import { Link, useLocation } from 'react-router';
import ExclamationCircleFilled from '@ant-design/icons-svg/es/asn/ExclamationCircleFilled';
import { MembershipState } from '@portal/shared';
import { Icon } from '../../components/Icon';
import { membershipPath } from './paths';
import { useMyMembership } from './useMyMembership';
import styles from './membership.module.css';

/** The bar's tone: red once services stop, orange in grace, blue while renewal is merely due soon. */
const tones: Partial<Record<MembershipState, string>> = { [MembershipState.Expired]: styles.lapsed, [MembershipState.Grace]: styles.grace };

/**
 * The member's 会籍 notice under the utility bar (GetMyMembership's Notice: renew soon, grace,
 * lapsed), leading to 我的会籍. Nothing for visitors and in the server's render: it appears once
 * a member's page has hydrated and asked, so no public page waits for it.
 */
export function MembershipNotice({ innerClassName }: { innerClassName?: string }) {
  const { membership } = useMyMembership();
  const onMembershipPage = useLocation().pathname === membershipPath;
  if (!membership?.Notice) return null;
  return (
    <div className={`${styles.notice} ${tones[membership.State] ?? styles.renew}`} role="status" data-testid="membership-notice">
      <div className={innerClassName}>
        <p className={styles.noticeText}>
          <Icon icon={ExclamationCircleFilled} className={styles.noticeIcon} />
          <span>
            {membership.Notice}
            {!onMembershipPage && (
              <>
                {' '}
                <Link to={membershipPath}>查看会籍与续费方式 ›</Link>
              </>
            )}
          </span>
        </p>
      </div>
    </div>
  );
}
