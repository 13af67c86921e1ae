import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { Form, Input, Radio, Typography } from 'antd';
import type { MailingDto } from '@portal/shared';
import { mailingsAdminApi } from '../../../api/mailings-admin';
import { DatePicker } from '../../../components/DatePickers';
import { useFormSubmit } from '../../../components/useFormSubmit';
import { FormDialog } from '../../shared/FormDialog';
import { MemberSelect } from '../../shared/MemberSelect';

const timeFormat = 'YYYY-MM-DD HH:mm:ss';

interface ActionProps {
  mailing: MailingDto | null;
  onClose: () => void;
  onDone: (text: string) => void;
}

/** 发送: now, or at a time (the picker commits what it shows: components/DatePickers). */
export function SendDialog({ mailing, onClose, onDone }: ActionProps) {
  const [form] = Form.useForm<{ When: 'now' | 'later'; SendAt: Dayjs | null }>();
  const when = Form.useWatch('When', form);
  const { submit, saving } = useFormSubmit(
    form,
    (v) => mailingsAdminApi.send(mailing!.Id, v.When === 'later' && v.SendAt ? v.SendAt.format(timeFormat) : ''),
    (state) => onDone(state === 'sent' ? '已开始发送' : '已定时发送'),
  );
  return (
    <FormDialog
      title={`发送：${mailing?.Subject ?? ''}`}
      open={mailing !== null}
      onOk={() => void submit()}
      onCancel={onClose}
      saving={saving}
      modal={{ okText: '发送' }}
    >
      <Form form={form} layout="vertical" initialValues={{ When: 'now', SendAt: null }} preserve={false}>
        <Form.Item name="When" label="发送时间">
          <Radio.Group
            options={[
              { label: '立即发送', value: 'now' },
              { label: '定时发送', value: 'later' },
            ]}
          />
        </Form.Item>
        {when === 'later' && (
          <Form.Item name="SendAt" label="定时" rules={[{ required: true, message: '请选择发送时间' }]}>
            <DatePicker showTime format={timeFormat} disabledDate={(day) => day.isBefore(dayjs(), 'day')} />
          </Form.Item>
        )}
        <Typography.Paragraph type="secondary">收件人在发送时按发送范围确定；发出后不能撤回。</Typography.Paragraph>
      </Form>
    </FormDialog>
  );
}

/** 测试发送: the mailing with one member's values (0: the segment's first) to an address. */
export function TestDialog({ mailing, onClose, onDone }: ActionProps) {
  const [form] = Form.useForm<{ Address: string; MemberId?: number }>();
  const { submit, saving } = useFormSubmit(
    form,
    (v) => mailingsAdminApi.test(mailing!.Id, v.Address.trim(), v.MemberId ?? 0),
    () => onDone('测试邮件已加入发送队列'),
  );
  return (
    <FormDialog title="测试发送" open={mailing !== null} onOk={() => void submit()} onCancel={onClose} saving={saving} modal={{ okText: '发送' }}>
      <Form form={form} layout="vertical" initialValues={{ Address: '' }} preserve={false}>
        <Form.Item name="Address" label="测试邮箱" rules={[{ required: true, type: 'email', message: '请输入正确的电子邮箱' }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="MemberId" label="以哪位会员的信息填写变量" extra="不选则用发送范围内的第一位会员">
          <MemberSelect allowClear />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}

/** 预览: the subject and HTML as the member picked would receive them now. */
export function PreviewDialog({ mailing, onClose }: Pick<ActionProps, 'mailing' | 'onClose'>) {
  const [memberId, setMemberId] = useState<number | null>(null);
  const preview = useQuery({
    queryKey: ['mailing-preview', mailing?.Id, memberId],
    queryFn: () => mailingsAdminApi.preview({ mailingid: mailing!.Id, memberid: memberId! }),
    enabled: mailing !== null && Boolean(memberId),
    gcTime: 0,
  });
  return (
    <FormDialog title="预览" open={mailing !== null} onCancel={onClose} width={800} footer={null}>
      <Form layout="inline" style={{ marginBottom: 16 }}>
        <Form.Item label="会员" htmlFor="mailing-preview-member" style={{ flex: '1 1 auto', maxWidth: 440, marginInlineEnd: 0 }}>
          <MemberSelect id="mailing-preview-member" value={memberId ?? undefined} onChange={(id) => setMemberId(id ?? null)} />
        </Form.Item>
      </Form>
      {preview.data && (
        <section aria-label="预览内容">
          <Typography.Title level={5}>{preview.data.Subject}</Typography.Title>
          <iframe title="通知内容" srcDoc={preview.data.Html} sandbox="" style={{ width: '100%', height: 420, border: '1px solid #f0f0f0' }} />
        </section>
      )}
    </FormDialog>
  );
}
