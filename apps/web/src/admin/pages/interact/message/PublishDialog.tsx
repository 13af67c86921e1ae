import { Alert, Form, Input } from 'antd';
import { messageLimits, type MessageDetailDto } from '@portal/shared';
import { messagesAdminApi } from '../../../../api/messages-admin';
import { useFormSubmit } from '../../../../components/useFormSubmit';
import { FormDialog } from '../../../shared/FormDialog';
import { trimmed } from '../../../shared/normalize';

/**
 * 公开: the answered message on the public 在线留言 page under a title staff may choose (the
 * subject when blank). The server removes the asker's contact and full name from what is shown,
 * and refuses a title that would still carry them.
 */
export function PublishDialog({ message, open, onClose, onSaved }: { message: MessageDetailDto; open: boolean; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<{ PublicTitle: string }>();
  const { submit, saving } = useFormSubmit(form, (v) => messagesAdminApi.publish(message.Id, true, v.PublicTitle ?? ''), onSaved);
  return (
    <FormDialog title="公开留言" open={open} onOk={() => void submit()} onCancel={onClose} saving={saving} modal={{ okText: '公开' }}>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message="公开后，问题与答复将显示在网站“在线留言”页；留言人姓名仅显示姓氏，不显示电话、邮箱和附件。"
      />
      <Form form={form} layout="vertical" preserve={false} initialValues={{ PublicTitle: message.PublicTitle || message.Subject }}>
        <Form.Item name="PublicTitle" label="公开标题" normalize={trimmed} extra="留空则使用留言标题；标题中不得含有留言人的姓名、电话或邮箱">
          <Input maxLength={messageLimits.subject} showCount />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
