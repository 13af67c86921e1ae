import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, InputNumber, Radio, Select, Skeleton, Switch } from 'antd';
import { messages, type SaveMessageSettingsBody } from '@portal/shared';
import { messagesAdminApi } from '../../../../api/messages-admin';
import { useFormSubmit } from '../../../../components/useFormSubmit';
import { Panel } from '../../../layout/Panel';
import { useContentMenus } from '../../content/menuTree';
import { messageKeys } from '../keys';

const contactOptions = [
  { label: '联系电话必填', value: 'phone' },
  { label: '电子邮箱必填', value: 'email' },
  { label: '电话或邮箱至少一项', value: 'either' },
  { label: '电话和邮箱都必填', value: 'both' },
];

/** What the ask form requires (a name, which contact), how long before the due time handlers are warned, and whose chain reviews replies. */
export function SettingsForm() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: messageKeys.settings, queryFn: messagesAdminApi.settings });
  // The menus whose 审核流程 may review replies (栏目管理's chains).
  const menus = useContentMenus();
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
        <Form.Item
          name="ReplyReviewMenuId"
          label="答复须经审核"
          extra="选择一个设有审核流程的栏目（如“在线留言”），答复经其审核流程各步审核通过后才发出；“不审核”则答复保存即发出"
        >
          <Select options={[{ label: '不审核', value: 0 }, ...(menus.data ?? []).map((m) => ({ label: m.Name, value: m.MenuId }))]} style={{ width: 240 }} />
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
