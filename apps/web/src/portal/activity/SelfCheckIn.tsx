import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Skeleton } from 'antd';
import { Code } from '@portal/shared';
import { attendanceApi } from '../../api/attendance';

/**
 * Self check-in (the venue's QR opens /member/activity/:id/checkin?venue=…): the signed-in member
 * is checked in as the page opens, and told so, or that they already were, or why not (outside
 * the window, not signed up, a wrong QR).
 */
export function SelfCheckIn({ id, venueKey }: { id: number; venueKey: string }) {
  const navigate = useNavigate();
  const answer = useQuery({
    queryKey: ['self-check-in', id, venueKey],
    queryFn: () => attendanceApi.selfCheckIn(id, venueKey),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  if (answer.isLoading) return <Skeleton active paragraph={{ rows: 3 }} />;
  const back = <Button onClick={() => void navigate(`/member/activity/${id}`)}>查看活动详情</Button>;
  const { Code: code, Message: message, Data: time } = answer.data ?? { Code: 0, Message: answer.error?.message ?? '', Data: null };
  if (code === Code.Ok) return <Result status="success" title="签到成功" subTitle={`签到时间：${String(time)}`} extra={back} />;
  if (code === Code.Conflict) return <Result status="info" title="您已签到" subTitle={message} extra={back} />;
  return <Result status="warning" title="签到未成功" subTitle={message} extra={back} />;
}
