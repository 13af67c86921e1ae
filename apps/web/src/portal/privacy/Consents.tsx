import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Popconfirm, Result, Skeleton, Tag } from 'antd';
import { privacyVersionPath, sitePages, type PrivacyConsentDto } from '@portal/shared';
import { privacyApi } from '../../api/privacy';
import styles from './consents.module.css';

const consentsKey = ['myConsents'] as const;

/**
 * 隐私与授权: each consent as given (what was submitted, under which version of the policy, when),
 * and 撤回授权 with what withdrawing means said before the member confirms.
 */
export function Consents() {
  const consents = useQuery({ queryKey: consentsKey, queryFn: privacyApi.myConsents });
  if (consents.isPending) return <Skeleton active title={false} paragraph={{ rows: 5 }} />;
  if (consents.isError) return <Result status="warning" title={consents.error.message} />;
  return (
    <div>
      <p className={styles.intro}>
        以下是您提交入会申请、留言、表单、报名等信息时勾选同意的
        <a href={sitePages.privacy.path}>《隐私政策》</a>
        授权记录。您可以随时撤回授权；撤回不影响撤回前基于授权已进行的处理。
      </p>
      {consents.data.length === 0 ? (
        <Empty description="暂无授权记录" />
      ) : (
        <ul className={styles.list} aria-label="授权记录">
          {consents.data.map((c) => (
            <ConsentItem key={c.Id} consent={c} />
          ))}
        </ul>
      )}
    </div>
  );
}

function ConsentItem({ consent: c }: { consent: PrivacyConsentDto }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const withdraw = async () => {
    try {
      void message.success(await privacyApi.withdraw(c.Id));
    } finally {
      await queryClient.invalidateQueries({ queryKey: consentsKey });
    }
  };
  return (
    <li className={styles.item}>
      <div className={styles.head}>
        <span className={styles.subject}>{c.SubjectName}</span>
        {c.Title && <span className={styles.title}>{c.Title}</span>}
        {c.WithdrawTime ? <Tag>已撤回</Tag> : <Tag color="green">有效</Tag>}
      </div>
      <p className={styles.facts}>
        {c.AcceptTime.slice(0, 16)} 同意
        <a href={privacyVersionPath(c.PolicyVersion)} target="_blank" rel="noopener">
          《隐私政策》第{c.PolicyVersion}版
        </a>
        {c.WithdrawTime && `，${c.WithdrawTime.slice(0, 16)} 撤回`}
      </p>
      {!c.WithdrawTime && (
        <Popconfirm
          title="确定撤回此项授权？"
          description={<p className={styles.consequence}>{c.Consequence}</p>}
          okText="撤回授权"
          cancelText="再想想"
          onConfirm={withdraw}
        >
          <Button size="small">撤回授权</Button>
        </Popconfirm>
      )}
    </li>
  );
}
