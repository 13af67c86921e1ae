import { useQuery } from '@tanstack/react-query';
import { Empty, Spin, Timeline, Typography } from 'antd';
import { ProcessDecision, messages, type ProcessItemDto } from '@portal/shared';
import { membersAdminApi } from '../../../api/members-admin';
import { historyKey } from './keys';

const decisionColors: Record<ProcessDecision, string> = { 0: 'blue', 1: 'green', 2: 'red' };

function Entry({ item }: { item: ProcessItemDto }) {
  return (
    <>
      <Typography.Text strong>{item.DecisionName}</Typography.Text>
      <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
        {item.CreateTime} · {item.AdminAccount || '申请人'}
      </Typography.Text>
      {item.ProcessItemName && <div>原因：{item.ProcessItemName}</div>}
      {item.Remark && <Typography.Text type="secondary">备注：{item.Remark}</Typography.Text>}
    </>
  );
}

/**
 * A member's review history (GetMemberProcessList): who, when, the decision and its reason,
 * newest first. Read afresh at every opening, like the application beside it: a history kept
 * from an earlier opening would miss a resubmission made since, and the dialog would show the
 * new application with the old history.
 */
export function ProcessTimeline({ memberId }: { memberId: number }) {
  const history = useQuery({ queryKey: historyKey(memberId), queryFn: () => membersAdminApi.history(memberId), staleTime: 0, gcTime: 0 });
  if (history.isLoading) return <Spin />;
  if (!history.data?.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={messages.empty} />;
  return <Timeline items={history.data.map((item) => ({ key: item.ProcessItemId, color: decisionColors[item.Decision], content: <Entry item={item} /> }))} />;
}
