import { useRef, useState } from 'react';
import { Alert, Button, Form, Input, Select, Space } from 'antd';
import { mailingLimits, mailingMessages, mergeVariables } from '@portal/shared';
import { RichTextEditor } from '../../../components/RichTextEditor';
import { categoryOptions } from './categories';

/** The fields a template and a mailing share. */
export interface ContentValues {
  Category: string;
  Subject: string;
  Body: string;
}

/**
 * Category, subject and rich-text body, with the merge variables to insert: a click puts
 * `{{变量}}` where the caret was last, in the subject or the body. `refusal` is the server's
 * answer to the last save (模板中有未知的变量…), shown above the fields it is about.
 */
export function ContentFields({ refusal, required = true }: { refusal: string; required?: boolean }) {
  const form = Form.useFormInstance<ContentValues>();
  const inserter = useRef<((text: string) => void) | null>(null);
  // Where the next variable goes: the subject once it was focused last, else the body.
  const [target, setTarget] = useState<'subject' | 'body'>('body');
  const subjectCaret = useRef<number | null>(null);
  const insert = (name: string) => {
    const text = `{{${name}}}`;
    if (target === 'body' && inserter.current) return inserter.current(text);
    const subject = (form.getFieldValue('Subject') as string | undefined) ?? '';
    const at = subjectCaret.current ?? subject.length;
    form.setFieldValue('Subject', subject.slice(0, at) + text + subject.slice(at));
    subjectCaret.current = at + text.length;
  };
  return (
    <>
      {refusal && <Alert type="error" showIcon message={refusal} style={{ marginBottom: 16 }} role="alert" />}
      <Form.Item name="Category" label="通知类别" rules={[{ required: true, message: mailingMessages.categoryInvalid }]}>
        <Select options={categoryOptions} style={{ maxWidth: 240 }} />
      </Form.Item>
      <Form.Item name="Subject" label="通知标题" rules={required ? [{ required: true, whitespace: true, message: mailingMessages.subjectRequired }] : []}>
        <Input
          maxLength={mailingLimits.subject}
          showCount
          onFocus={() => setTarget('subject')}
          onSelect={(e) => (subjectCaret.current = e.currentTarget.selectionStart)}
        />
      </Form.Item>
      <Form.Item label="插入变量" extra={`点击插入到${target === 'subject' ? '通知标题' : '通知内容'}的光标处；发送时替换为每位会员自己的信息`}>
        <Space wrap size={[4, 4]}>
          {mergeVariables.map((name) => (
            <Button key={name} size="small" onClick={() => insert(name)}>
              {`{{${name}}}`}
            </Button>
          ))}
        </Space>
      </Form.Item>
      <Form.Item name="Body" label="通知内容" rules={required ? [{ required: true, message: mailingMessages.bodyRequired }] : []}>
        <RichTextEditorWithTarget inserter={inserter} onFocus={() => setTarget('body')} />
      </Form.Item>
    </>
  );
}

/** The editor, telling the fields when the person works in it (a click in its frame does not bubble out). */
function RichTextEditorWithTarget({ onFocus, ...props }: Parameters<typeof RichTextEditor>[0] & { onFocus: () => void }) {
  return (
    <div onMouseDownCapture={onFocus} onFocusCapture={onFocus}>
      <RichTextEditor {...props} />
    </div>
  );
}
