import { Form } from 'antd';
import { messageBoardMessages, type MessageDetailDto } from '@portal/shared';
import { messagesAdminApi } from '../../../../api/messages-admin';
import { RichTextEditor } from '../../../../components/RichTextEditor';
import { useFormSubmit } from '../../../../components/useFormSubmit';
import { EditorDialog } from '../../../shared/EditorDialog';

/** Text of an editor's HTML, to tell an empty reply (the editor leaves `<p></p>`) from one. */
const hasText = (html: string) => html.replace(/<[^>]*>|&nbsp;|\s/g, '') !== '' || /<img\b/i.test(html);

/**
 * 答复: the reply in the rich-text editor. Saving it closes the message (已答复) and e-mails the
 * asker if they left an address, so the dialog says so before the button.
 */
export function ReplyDialog({
  message,
  open,
  onClose,
  onSaved,
}: {
  message: MessageDetailDto;
  open: boolean;
  onClose: () => void;
  /** With the server's message: 答复已提交审核… when replies are reviewed before they go out. */
  onSaved: (said: string) => void;
}) {
  const [form] = Form.useForm<{ Reply: string }>();
  const { submit, saving } = useFormSubmit(form, (v) => messagesAdminApi.reply(message.Id, v.Reply), onSaved);
  return (
    <EditorDialog title={`答复：${message.Subject}`} open={open} onOk={() => void submit()} onCancel={onClose} saving={saving} loading={false}>
      <p style={{ marginTop: 0, color: '#666' }}>
        提交后留言即为“已答复”（设置了答复须经审核时，终审通过后才发出），不能再修改{message.Email ? '；系统将发邮件告知留言人凭查询码查看答复' : ''}。
        {message.MayPublish ? '留言人同意公开，答复后可在本页公开。' : '留言人未同意公开。'}
      </p>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="Reply"
          label="答复内容"
          rules={[
            { validator: async (_, v: string | undefined) => (v && hasText(v) ? undefined : Promise.reject(new Error(messageBoardMessages.replyRequired))) },
          ]}
        >
          <RichTextEditor />
        </Form.Item>
      </Form>
    </EditorDialog>
  );
}
