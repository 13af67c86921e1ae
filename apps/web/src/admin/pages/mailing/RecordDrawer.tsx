import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Grid, Table } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import type { MailingDto, MailingRecipientDto } from '@portal/shared';
import { mailingsAdminApi } from '../../../api/mailings-admin';
import { mailingKeys } from './keys';
import { deliveryColumns } from './deliveryColumns';

/** 发送记录: a sent mailing's counts and its recipients, each with its state and a failure's SMTP answer or a bounce's report; 导出 as .xlsx. */
export function RecordDrawer({ mailing, onClose }: { mailing: MailingDto | null; onClose: () => void }) {
  const [page, setPage] = useState({ pageindex: 1, pagesize: 20 });
  const [exporting, setExporting] = useState(false);
  const phone = !Grid.useBreakpoint().md;
  const id = mailing?.Id ?? 0;
  const detail = useQuery({ queryKey: [...mailingKeys.mailing, id], queryFn: () => mailingsAdminApi.mailing(id), enabled: id > 0 });
  const recipients = useQuery({
    queryKey: [...mailingKeys.recipients, id, page],
    queryFn: () => mailingsAdminApi.recipients({ mailingid: id, ...page }),
    enabled: id > 0,
  });
  const c = (detail.data ?? mailing)?.Counts;
  const track = (detail.data ?? mailing)?.TrackOpens ?? false;
  const runExport = async () => {
    setExporting(true);
    try {
      await mailingsAdminApi.exportRecipients(id, mailing!.Subject);
    } catch {
      // Shown by the API client (导出地址获取错误…).
    } finally {
      setExporting(false);
    }
  };
  return (
    <Drawer
      title={`发送记录：${mailing?.Subject ?? ''}`}
      open={mailing !== null}
      onClose={onClose}
      size={phone ? '100%' : 860}
      extra={
        <Button icon={<FileExcelOutlined />} loading={exporting} onClick={() => void runExport()}>
          导出
        </Button>
      }
    >
      {c && (
        <Descriptions
          size="small"
          bordered
          column={{ xs: 2, md: 4 }}
          aria-label="发送统计"
          items={[
            { key: 'r', label: '收件人', children: c.Recipients },
            { key: 'w', label: '待发送', children: c.Waiting },
            { key: 'q', label: '发送中', children: c.Queued },
            { key: 's', label: '已发送', children: c.Sent },
            { key: 'f', label: '发送失败', children: c.Failed },
            { key: 'o', label: '仅站内信', children: c.SiteOnly },
            { key: 'b', label: '退信', children: c.Bounced },
            { key: 'd', label: '站内信送达', children: c.InboxDelivered },
            { key: 'read', label: '站内信已读', children: c.InboxRead },
            // Only a mailing sent with 打开跟踪 on counts opens (发送设置).
            ...(track ? [{ key: 'open', label: '已打开（估算）', children: c.Opened }] : []),
          ]}
        />
      )}
      <Table<MailingRecipientDto>
        style={{ marginTop: 16 }}
        rowKey="MemberId"
        size="small"
        scroll={{ x: 720 }}
        loading={recipients.isFetching}
        dataSource={recipients.data?.List}
        pagination={{
          current: page.pageindex,
          pageSize: page.pagesize,
          total: recipients.data?.TotalCount ?? 0,
          showTotal: (total) => `共 ${total} 条`,
          onChange: (pageindex, pagesize) => setPage({ pageindex, pagesize }),
        }}
        columns={[
          { title: '会员', dataIndex: 'MemberName' },
          { title: '邮箱', dataIndex: 'Email', render: (email: string) => email || '—' },
          ...deliveryColumns<MailingRecipientDto>(),
          ...(track ? [{ title: '首次打开', dataIndex: 'OpenedAt', width: 150, render: (t: string) => t.slice(0, 16) || '—' }] : []),
        ]}
      />
    </Drawer>
  );
}
