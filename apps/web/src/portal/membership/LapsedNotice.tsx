import type { ReactNode } from 'react';
import { Link } from 'react-router';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import { Code, membershipMessages } from '@portal/shared';
import { ApiError } from '../../api/client';
import buttons from '../../components/button.module.css';
import { StatusNotice } from '../content/Notices';
import styles from './membership.module.css';

/** Where a member reads their 会籍 and how to renew; the renewal e-mails link here too. */
export const membershipPath = '/member/membership';

/**
 * Whether a refusal is a lapsed membership (Code 403 会员资格已过期，请续费后使用) rather than a
 * visitor meeting member-only content (Code 403 too, asking to log in): the member is signed in,
 * so a login prompt would lead nowhere.
 */
export const isLapsed = (error: unknown): error is ApiError => error instanceof ApiError && error.code === Code.Forbidden && error.message === membershipMessages.lapsed;

/** A page-sized notice in place of what a lapsed membership closes (a member-only article, 投稿中心), leading to 我的会籍. */
export function LapsedNotice({ title = membershipMessages.lapsed, className }: { title?: ReactNode; className?: string }) {
  return (
    <StatusNotice
      className={className}
      icon={LockOutlined}
      title={title}
      text="缴纳会费并登记后即可恢复会员服务。"
      actions={
        <Link to={membershipPath} className={buttons.primary}>
          查看会籍与续费方式
        </Link>
      }
    />
  );
}

/** One line in place of an action a lapse refuses (活动报名): the reason and the way to renew. */
export function LapsedHint() {
  return (
    <span className={styles.hint}>
      {membershipMessages.lapsed}，<Link to={membershipPath}>查看续费方式</Link>
    </span>
  );
}
