import { Form, Input } from 'antd';
import { useFormSubmit } from '../../../../components/useFormSubmit';
import { FormDialog } from '../../../shared/FormDialog';
import { trimmed } from '../../../shared/normalize';

/**
 * One text to send about a message: 不予受理's reason (which the asker reads) or an internal
 * note. Required; its server's limit as the counter.
 */
export function TextDialog({
  title,
  label,
  placeholder,
  maxLength,
  open,
  onClose,
  save,
  onSaved,
}: {
  title: string;
  label: string;
  placeholder: string;
  maxLength: number;
  open: boolean;
  onClose: () => void;
  save: (text: string) => Promise<unknown>;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<{ text: string }>();
  const { submit, saving } = useFormSubmit(form, (v) => save(v.text), onSaved);
  return (
    <FormDialog title={title} open={open} onOk={() => void submit()} onCancel={onClose} saving={saving}>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="text" label={label} normalize={trimmed} rules={[{ required: true, message: `请输入${label}` }]}>
          <Input.TextArea rows={5} maxLength={maxLength} showCount placeholder={placeholder} />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
