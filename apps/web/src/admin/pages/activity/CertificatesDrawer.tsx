import { useState } from 'react';
import { App, Button, Drawer, Grid, Popconfirm, Tag, Typography, type TableColumnsType } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { formatCst, type ActivityListItemDto, type AttendanceCertDto } from '@portal/shared';
import { attendanceCertsAdminApi } from '../../../api/attendanceCertificates';
import { Auth } from '../../access/AdminSession';
import { ListPage, listResource, useListPage } from '../../list';
import { useAction } from '../../shared/useAction';

const columns: TableColumnsType<AttendanceCertDto> = [
  { title: '证明编号', dataIndex: 'CertNo', width: 150 },
  { title: '会员名称', dataIndex: 'MemberName', width: 200 },
  { title: '证明', dataIndex: 'KindName', width: 90 },
  { title: '签到时间', dataIndex: 'CheckInTime', width: 110 },
  // Who issued it shows under when, as the audit log has it.
  { title: '颁发', key: 'issued', width: 110, render: (_, c) => `${c.IssuedAt}（${c.IssuedBy}）` },
  {
    title: '状态',
    key: 'status',
    width: 130,
    render: (_, c) => (c.Status === 0 ? <Tag color="success">正常</Tag> : <Tag color="error">已撤销 {c.RevokedAt.slice(0, 10)}</Tag>),
  },
];

/**
 * 证明 of one activity (activity:certify): issue a 培训证明 (training activity) or 参会证明 to
 * every member checked in, in one action (again later for those checked in since: nobody gets
 * two); each one's image, its public verification page, revoke and restore.
 */
export function CertificatesDrawer({ activity, onClose }: { activity: ActivityListItemDto | null; onClose: () => void }) {
  const wide = Grid.useBreakpoint().xl;
  return (
    <Drawer title={activity ? `证明：${activity.Title}` : ''} open={activity !== null} onClose={onClose} size={wide ? 1100 : '100%'} destroyOnHidden>
      {activity && <Certificates activity={activity} />}
    </Drawer>
  );
}

const certificatesOf = (activity: ActivityListItemDto) =>
  listResource<AttendanceCertDto>({
    key: ['activityCertificates', activity.ActivityId],
    fetch: (q) => attendanceCertsAdminApi.list(activity.ActivityId, q),
    rowKey: 'Id',
    columns,
    numbered: false,
    actionsWidth: 170,
  });

function Certificates({ activity }: { activity: ActivityListItemDto }) {
  const { message } = App.useApp();
  const resource = certificatesOf(activity);
  const page = useListPage(resource);
  const [issuing, setIssuing] = useState(false);
  const kind = activity.IsTraining ? '培训证明' : '参会证明';
  const ended = activity.EndTime <= formatCst(Date.now());
  const revoke = useAction((c: AttendanceCertDto) => attendanceCertsAdminApi.revoke(c.Id, c.Status === 0), page.refresh);

  const issue = async () => {
    setIssuing(true);
    try {
      void message.success(await attendanceCertsAdminApi.issue(activity.ActivityId));
      page.refresh();
    } catch {
      // Shown by the API client.
    } finally {
      setIssuing(false);
    }
  };
  const save = async (c: AttendanceCertDto) => {
    const link = document.createElement('a');
    link.href = `data:image/png;base64,${await attendanceCertsAdminApi.image(c.Id)}`;
    link.download = `${c.MemberName}${c.KindName}.png`;
    link.click();
  };

  return (
    <ListPage
      resource={resource}
      page={page}
      toolbar={
        <Auth perm="activity:certify">
          <Popconfirm
            title={`为全部已签到会员颁发${kind}？`}
            description="已颁发的会员不会重复颁发；获颁的会员会收到活动通知与邮件"
            onConfirm={issue}
            okText="颁发"
            disabled={!ended}
          >
            <Button type="primary" icon={<SafetyCertificateOutlined />} loading={issuing} disabled={!ended}>
              颁发{kind}（签到 {activity.CheckedInCount}）
            </Button>
          </Popconfirm>
          {/* The server refuses too: a certificate says the member took part in the whole activity. */}
          {!ended && (
            <Typography.Text type="secondary" style={{ marginLeft: 12 }}>
              活动结束（{activity.EndTime.slice(0, 16)}）后方可颁发
            </Typography.Text>
          )}
        </Auth>
      }
      rowActions={[
        { label: '下载', run: (c) => save(c).catch(() => undefined) },
        { label: '验证页', href: (c) => c.VerifyUrl },
        {
          label: (c) => (c.Status === 0 ? '撤销' : '恢复'),
          perm: 'activity:certify',
          danger: (c) => c.Status === 0,
          confirm: (c) =>
            c.Status === 0 ? `撤销“${c.MemberName}”的${c.KindName}？撤销后验证页与电子凭证均显示已撤销` : `恢复“${c.MemberName}”的${c.KindName}？`,
          run: revoke,
        },
      ]}
    />
  );
}
