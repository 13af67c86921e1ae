import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { Code, type CheckInMemberDto } from '@portal/shared';
import type { CheckInOutcome } from '../../../../api/attendance';
import styles from './checkin.module.css';

/** Who checked a member in, as the door says it: the staff member's name, their account on hover. */
export function CheckedInBy({ member }: { member: CheckInMemberDto }) {
  if (!member.CheckedInBy) return <>自助签到</>;
  return <span title={`账号 ${member.CheckedInBy}`}>{member.CheckedInByName || member.CheckedInBy} 办理</span>;
}

/** The company, its contact and account: who stands at the door. */
export function MemberLines({ member }: { member: CheckInMemberDto }) {
  return (
    <>
      <div className={styles.memberName}>{member.MemberName}</div>
      <div className={styles.memberMeta}>
        {[member.Contact && `联络人 ${member.Contact}`, `账号 ${member.Account}`, member.MemberLevelName, `签到码 ${member.CheckInCode}`]
          .filter(Boolean)
          .join(' · ')}
      </div>
    </>
  );
}

/**
 * The answer to the last scan or typed code, large: 签到成功 (green), 已签到 with the first
 * check-in's time (orange: a second scan, or a colleague was quicker), or the reason it was
 * refused (red). Announced to screen readers as it changes.
 */
export function CheckInResult({ outcome }: { outcome: CheckInOutcome }) {
  const { code, message, member } = outcome;
  const tone = code === Code.Ok ? 'ok' : code === Code.Conflict ? 'again' : 'refused';
  const icon = tone === 'ok' ? <CheckCircleFilled /> : tone === 'again' ? <ExclamationCircleFilled /> : <CloseCircleFilled />;
  return (
    <div className={`${styles.result} ${styles[tone]}`} role="status" aria-live="polite">
      <div className={styles.resultTitle}>
        {icon} {tone === 'again' ? '已签到' : message}
      </div>
      {member && (
        <>
          <MemberLines member={member} />
          <div className={styles.memberMeta}>
            签到时间 {member.CheckInTime}（<CheckedInBy member={member} />）
          </div>
        </>
      )}
    </div>
  );
}
