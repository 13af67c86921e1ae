import { useRef, useState, type SyntheticEvent } from 'react';
import { Alert, Button, Form, Input, Select, Space, Tooltip } from 'antd';
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
  const inserter = useRef<((text: string) => void) | null>(null);
  // Where the next variable goes: the subject once it was focused last, else the body.
  const [target, setTarget] = useState<'subject' | 'body'>('body');
  const subject = useCaretInsert('Subject');
  const insert = (text: string) => (target === 'body' && inserter.current ? inserter.current(text) : subject.insert(text));
  return (
    <>
      <Refusal refusal={refusal} />
      <Form.Item name="Category" label="通知类别" rules={[{ required: true, message: mailingMessages.categoryInvalid }]}>
        <Select options={categoryOptions} style={{ maxWidth: 240 }} />
      </Form.Item>
      <Form.Item name="Subject" label="通知标题" rules={required ? [{ required: true, whitespace: true, message: mailingMessages.subjectRequired }] : []}>
        <Input maxLength={mailingLimits.subject} showCount onFocus={() => setTarget('subject')} onSelect={subject.track} />
      </Form.Item>
      <VariableButtons
        variables={mergeVariables.map((name) => ({ Name: name }))}
        onInsert={insert}
        extra={`点击插入到${target === 'subject' ? '通知标题' : '通知内容'}的光标处；发送时替换为每位会员自己的信息`}
      />
      <Form.Item name="Body" label="通知内容" rules={required ? [{ required: true, message: mailingMessages.bodyRequired }] : []}>
        <RichTextEditorWithTarget inserter={inserter} onFocus={() => setTarget('body')} />
      </Form.Item>
    </>
  );
}

/** The server's refusal of the last save (useRefusal), above the fields it is about. */
export function Refusal({ refusal }: { refusal: string }) {
  return refusal ? <Alert type="error" showIcon message={refusal} style={{ marginBottom: 16 }} role="alert" /> : null;
}

/**
 * A text field's caret as last seen (its onSelect is `track`), and `insert`, which puts text
 * there, or at the end before the field was used; the caret then follows what was inserted.
 */
export function useCaretInsert(name: string) {
  const form = Form.useFormInstance();
  const caret = useRef<number | null>(null);
  return {
    track: (e: SyntheticEvent<HTMLInputElement | HTMLTextAreaElement>) => (caret.current = e.currentTarget.selectionStart),
    insert: (text: string) => {
      const value = (form.getFieldValue(name) as string | undefined) ?? '';
      const at = Math.min(caret.current ?? value.length, value.length);
      form.setFieldValue(name, value.slice(0, at) + text + value.slice(at));
      caret.current = at + text.length;
    },
  };
}

/** 插入变量: a button per variable, handing `{{变量}}` to `onInsert`; a variable's meaning, when given, in its tooltip. */
export function VariableButtons({
  variables,
  onInsert,
  extra,
}: {
  variables: readonly { Name: string; Meaning?: string }[];
  onInsert: (text: string) => void;
  extra: string;
}) {
  return (
    <Form.Item label="插入变量" extra={extra}>
      <Space wrap size={[4, 4]}>
        {variables.map((v) => {
          const button = (
            <Button key={v.Name} size="small" onClick={() => onInsert(`{{${v.Name}}}`)}>
              {`{{${v.Name}}}`}
            </Button>
          );
          return v.Meaning ? (
            <Tooltip key={v.Name} title={v.Meaning}>
              {button}
            </Tooltip>
          ) : (
            button
          );
        })}
      </Space>
    </Form.Item>
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
