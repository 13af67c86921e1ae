import { Link } from 'react-router';
import { Alert, Descriptions, Result, Skeleton, type AlertProps } from 'antd';
import { formatYuan, formatYuanInWords, MembershipState, sitePages, toFen, type MembershipDto } from '@portal/shared';
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
      {m.AnnualFee > 0 && <HowToRenew membership={m} />}
      <MyPayments />
      <div className={styles.links}>
        <Link to="/member/card">电子会员证 ›</Link>
        <Link to={sitePages.myForms.path}>我的填报 ›</Link>
        <Link to={sitePages.elections.path}>换届选举 ›</Link>
        <Link to={`${sitePages.messages.path}?tab=mine`}>我的留言 ›</Link>
        <Link to={sitePages.mailPreferences.path}>通知设置 ›</Link>
        <Link to={sitePages.consents.path}>隐私与授权 ›</Link>
        <Link to={sitePages.myData.path}>我的个人信息 ›</Link>
      </div>
    </>
  );
}

/**
 * How dues are paid today (offline), as a 缴费通知 says it: the amount for the member's level and
 * the term it buys, the association's account (开户名称, 开户银行, 银行账号), then a word to the
 * secretariat; without an account set, the secretariat is the way to ask for it.
 */
function HowToRenew({ membership: m }: { membership: MembershipDto }) {
  const site = useSiteInfo().data;
  const fen = toFen(m.AnnualFee);
  const account = m.DuesAccount;
  return (
    <section className={styles.section} aria-labelledby="how-to-renew">
      <h2 id="how-to-renew">如何续费</h2>
      <p>
        应缴会费：<strong>{formatYuan(fen)}</strong>（人民币{formatYuanInWords(fen)}；{m.LevelName}，会籍期限{m.TermName}）
      </p>
      {m.RenewalFrom && (
        <p>
          本次缴费的会籍期间：{m.RenewalFrom} 至 {m.RenewalTo}
        </p>
      )}
      {account.AccountNo ? (
        <>
          <p>请通过银行转账缴纳会费，转账时请注明单位名称及“会费”：</p>
          <dl className={styles.account} aria-label="缴费账户">
            <dt>开户名称</dt>
            <dd>{account.AccountName}</dd>
            <dt>开户银行</dt>
            <dd>{account.BankName}</dd>
            <dt>银行账号</dt>
            <dd>{account.AccountNo}</dd>
          </dl>
          <p>转账后请联系协会秘书处登记，登记后有效期自动顺延，收据将显示在下方的缴费记录中。</p>
        </>
      ) : (
        <p>缴费账户请联系协会秘书处获取。缴费并由秘书处登记后，有效期自动顺延，收据将显示在下方的缴费记录中。</p>
      )}
      {site?.Phone && <p>联系电话：{site.Phone}</p>}
      {site?.Email && (
        <p>
          电子邮箱：<a href={`mailto:${site.Email}`}>{site.Email}</a>
        </p>
      )}
    </section>
  );
}
