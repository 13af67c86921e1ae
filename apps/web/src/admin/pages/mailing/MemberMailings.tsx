import { useQuery } from '@tanstack/react-query';
import { Table, Typography } from 'antd';
import type { MemberMailingDto } from '@portal/shared';
import { mailingsAdminApi } from '../../../api/mailings-admin';
import { mailingKeys } from './keys';
import { RecipientStateTag } from './RecipientStateTag';

const LATEST = { pageindex: 1, pagesize: 10 };

/**
 * 收到的通知 in the member dialog: the latest ten mailings the member was among, each with where
 * its copy stands and, for one that failed or came back, why (the mail server's answer or the
 * returned report). For staff who may read the records (mailing:list).
 */
export function MemberMailings({ memberId, className }: { memberId: number; className?: string }) {
  const history = useQuery({
    queryKey: [...mailingKeys.memberMailings, memberId],
    queryFn: () => mailingsAdminApi.memberMailings({ memberid: memberId, ...LATEST }),
  });
  const total = history.data?.TotalCount ?? 0;
  return (
    <section aria-label="收到的通知" className={className}>
      <Typography.Title level={5}>收到的通知{total > LATEST.pagesize ? `（最近 ${LATEST.pagesize} 条，共 ${total} 条）` : ''}</Typography.Title>
      <Table<MemberMailingDto>
        size="small"
        rowKey="MailingId"
        dataSource={history.data?.List}
        loading={history.isLoading}
        pagination={false}
        scroll={{ x: 720 }}
        locale={{ emptyText: '暂无收到的通知' }}
        columns={[
          { title: '标题', dataIndex: 'Subject', ellipsis: { showTitle: true } },
          { title: '类别', dataIndex: 'CategoryName', width: 90 },
          { title: '状态', dataIndex: 'State', width: 100, render: (state: string, r) => <RecipientStateTag state={state} name={r.StateName} /> },
          { title: '发送时间', dataIndex: 'SentAt', width: 150, render: (t: string) => t.slice(0, 16) || '—' },
          { title: '失败/退信原因', dataIndex: 'Error', ellipsis: { showTitle: true }, render: (e: string) => e || '—' },
        ]}
      />
    </section>
  );
}
