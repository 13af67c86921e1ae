import { useQuery } from '@tanstack/react-query';
import { Table, Typography } from 'antd';
import type { MemberMailingDto } from '@portal/shared';
import { mailingsAdminApi } from '../../../api/mailings-admin';
import { mailingKeys } from './keys';
import { deliveryColumns } from './deliveryColumns';

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
          ...deliveryColumns<MemberMailingDto>(),
        ]}
      />
    </section>
  );
}
