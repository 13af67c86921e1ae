import type { ReactNode } from 'react';
import { Link } from 'react-router';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import buttons from '../../components/button.module.css';
import { StatusNotice } from '../content/Notices';
import { membershipPath } from './paths';

/**
 * A page-sized notice in place of what a lapsed membership closes (a member-only article, 投稿中心),
 * titled with the server's words and leading to 我的会籍. Free of the membership contract's module
 * (and so of zod): the article page, a public page, draws it.
 */
export function LapsedNotice({ title, className }: { title: ReactNode; className?: string }) {
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
