import { Link } from 'react-router';
import { Code, membershipMessages } from '@portal/shared';
import { ApiError } from '../../api/client';
import { membershipPath } from './paths';
import styles from './membership.module.css';

/** Whether a refusal is a lapsed membership (Code 403 会员资格已过期，请续费后使用), for the member area's own modules. */
export const isLapsed = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === Code.Forbidden && error.message === membershipMessages.lapsed;

/** One line in place of an action a lapse refuses (活动报名): the reason and the way to renew. */
export function LapsedHint() {
  return (
    <span className={styles.hint}>
      {membershipMessages.lapsed}，<Link to={membershipPath}>查看续费方式</Link>
    </span>
  );
}
