import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, InputNumber, Switch } from 'antd';
import { mailingLimits, mailingMessages, messages, sitePages, type MailingSettingsDto } from '@portal/shared';
import { mailingsAdminApi } from '../../../api/mailings-admin';
import { useFormSubmit } from '../../../components/useFormSubmit';
import { FormDialog } from '../../shared/FormDialog';
import { mailingKeys } from './keys';

/**
 * 发送设置: how many mails a minute go to the mail server, and 打开跟踪 (off by default: it
 * records when a member reads a mail, which the privacy policy must say while it is on).
 */
export function SettingsDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: (text: string) => void }) {
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: mailingKeys.settings, queryFn: mailingsAdminApi.settings, enabled: open });
  const [form] = Form.useForm<MailingSettingsDto>();
  useEffect(() => {
    if (open && settings.data) form.setFieldsValue(settings.data);
  }, [open, settings.data, form]);
  const { submit, saving } = useFormSubmit(form, mailingsAdminApi.saveSettings, (saved) => {
    queryClient.setQueryData(mailingKeys.settings, saved);
    onDone(messages.saved);
  });
  return (
    <FormDialog title="发送设置" open={open} onOk={() => void submit()} onCancel={onClose} saving={saving} loading={settings.isPending}>
      <Form form={form} layout="vertical">
        <Form.Item
          name="PerMinute"
          label="每分钟发送数量"
          extra="每分钟交给邮件服务器的邮件数，避免被对方当作垃圾邮件限流"
          rules={[{ required: true, type: 'integer', min: 1, max: mailingLimits.perMinuteMax, message: mailingMessages.perMinuteInvalid }]}
        >
          <InputNumber min={1} max={mailingLimits.perMinuteMax} precision={0} addonAfter="封/分钟" style={{ width: 220 }} />
        </Form.Item>
        <Form.Item
          name="TrackOpens"
          label="打开跟踪"
          valuePropName="checked"
          extra={
            <>
              开启后，此后发出的邮件带一张不可见的图片，会员打开邮件时记下首次打开时间，发送记录显示“已打开”。这会记录会员的阅读行为，须在
              <a href={sitePages.privacy.path} target="_blank" rel="noreferrer">
                隐私政策
              </a>
              中说明（默认政策已说明；如已改写政策，请确认仍有此项）；默认关闭。屏蔽图片的邮箱不计入，数字仅供参考。
            </>
          }
        >
          <Switch />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
