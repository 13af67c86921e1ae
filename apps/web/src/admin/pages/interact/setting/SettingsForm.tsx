import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, InputNumber, Radio, Skeleton, Switch } from 'antd';
import { messages, type SaveMessageSettingsBody } from '@portal/shared';
import { messagesAdminApi } from '../../../../api/messages-admin';
import { useFormSubmit } from '../../../../components/useFormSubmit';
import { Panel } from '../../../layout/Panel';
import { messageKeys } from '../keys';

const contactOptions = [
  { label: '联系电话必填', value: 'phone' },
  { label: '电子邮箱必填', value: 'email' },
  { label: '电话或邮箱至少一项', value: 'either' },
  { label: '电话和邮箱都必填', value: 'both' },
];

/** What the ask form requires (a name, which contact) and how long before the due time handlers are warned. */
export function SettingsForm() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: messageKeys.settings, queryFn: messagesAdminApi.settings });
  const [form] = Form.useForm<Required<SaveMessageSettingsBody>>();
  useEffect(() => {
    if (settings.data) form.setFieldsValue(settings.data as Required<SaveMessageSettingsBody>);
  }, [settings.data, form]);
  const { submit, saving } = useFormSubmit(form, messagesAdminApi.saveSettings, () => {
    void message.success(messages.saved);
    void queryClient.invalidateQueries({ queryKey: messageKeys.settings });
  });
  if (settings.isPending) return <Skeleton active />;
  return (
    <Panel>
      <Form form={form} labelCol={{ flex: '120px' }} style={{ maxWidth: 640 }} onFinish={() => void submit()}>
        <Form.Item name="RequireName" label="姓名必填" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="Contact" label="联系方式">
          <Radio.Group options={contactOptions} />
        </Form.Item>
        <Form.Item
          name="WarnHours"
          label="到期提醒"
          extra="到期前多少小时提醒办理人（0 为不提醒）"
          rules={[{ required: true, type: 'integer', min: 0, max: 720, message: '到期提醒应为提前0-720小时' }]}
        >
          <InputNumber min={0} max={720} precision={0} addonAfter="小时" style={{ width: 180 }} />
        </Form.Item>
        <Form.Item label=" " colon={false}>
          <Button type="primary" htmlType="submit" loading={saving}>
            保存设置
          </Button>
        </Form.Item>
      </Form>
    </Panel>
  );
}
