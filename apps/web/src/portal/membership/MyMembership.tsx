import { Link } from 'react-router';
import { Alert, Descriptions, Result, Skeleton, type AlertProps } from 'antd';
import { formatYuan, MembershipState, toFen, type MembershipDto } from '@portal/shared';
import { MembershipStateTag } from '../../components/MembershipStateTag';
import { useSiteInfo } from '../layout/useSiteInfo';
import { MyPayments } from './MyPayments';
import { useMyMembership } from './useMyMembership';
import styles from './membership.module.css';

/** The notice's tone, as the header's bar: red once services stop, orange in grace, blue before expiry. */
const alertTypes: Partial<Record<MembershipState, AlertProps['type']>> = { [MembershipState.Expired]: 'error', [MembershipState.Grace]: 'warning' };

const fee = (m: MembershipDto) => (m.AnnualFee ? formatYuan(toFen(m.AnnualFee)) : '免会费');

/** 我的会籍: number, company, level, fee and term, dates and state, the notice, how to renew, the receipts, and the card. */
export function MyMembership() {
  const { membership: m, pending } = useMyMembership();
  if (pending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (!m) return <Result status="warning" title="会籍信息暂时无法获取，请稍后再试" />;
  return (
    <>
      {m.Notice && <Alert type={alertTypes[m.State] ?? 'info'} showIcon message={m.Notice} className={styles.section} />}
      <Descriptions className={`${styles.section} ${styles.details}`} bordered size="small" column={{ xs: 1, sm: 1, md: 2 }}>
        <Descriptions.Item label="会员编号">{m.MemberNo}</Descriptions.Item>
        <Descriptions.Item label="公司名称">{m.MemberName}</Descriptions.Item>
        <Descriptions.Item label="会员等级">{m.LevelName || '-'}</Descriptions.Item>
        <Descriptions.Item label="年费">{fee(m)}</Descriptions.Item>
        <Descriptions.Item label="会籍期限">{m.AnnualFee ? m.TermName : '长期'}</Descriptions.Item>
        <Descriptions.Item label="入会日期">{m.JoinDate || '-'}</Descriptions.Item>
        <Descriptions.Item label="有效期至">{m.ExpireDate || '长期'}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <MembershipStateTag state={m.State} />
          {m.State === MembershipState.Grace && m.GraceEndDate && <span>宽限期至 {m.GraceEndDate}</span>}
        </Descriptions.Item>
      </Descriptions>
      {m.AnnualFee > 0 && <HowToRenew />}
      <MyPayments />
      <div className={styles.links}>
        <Link to="/member/card">电子会员证 ›</Link>
      </div>
    </>
  );
}

/** How dues are paid today (offline): bank transfer, then a word to the secretariat, at the contacts the footer shows. */
function HowToRenew() {
  const site = useSiteInfo().data;
  return (
    <section className={styles.section} aria-labelledby="how-to-renew">
      <h2 id="how-to-renew">如何续费</h2>
      <p>请通过银行转账缴纳会费，并联系协会秘书处登记。登记后有效期自动顺延。</p>
      {site?.Phone && <p>联系电话：{site.Phone}</p>}
      {site?.Email && (
        <p>
          电子邮箱：<a href={`mailto:${site.Email}`}>{site.Email}</a>
        </p>
      )}
    </section>
  );
}
