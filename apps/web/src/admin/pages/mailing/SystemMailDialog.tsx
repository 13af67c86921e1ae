import { useState } from 'react';
import { Button, Form, Input, Typography } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { dialogWidth, mailingLimits, mailingMessages, type SystemMailCode, type SystemMailDto, type SystemMailPreviewDto } from '@portal/shared';
import { mailingsAdminApi } from '../../../api/mailings-admin';
import { RecordDialog, type EditDialogProps } from '../../list';
import { Refusal, useCaretInsert, VariableButtons } from './ContentFields';
import { useRefusal } from './useRefusal';
import styles from './mailing.module.css';

interface SystemMailForm {
  Subject: string;
  Body: string;
}

/**
 * 修改系统邮件: subject and plain-text body (the mails are sent as text), with the mail's own
 * variables as buttons, their meaning in a tooltip; a click puts `{{变量}}` at the caret of the
 * field last used. 预览 shows the text as it stands, its variables filled with examples.
 */
export function SystemMailDialog(props: EditDialogProps<SystemMailDto>) {
  const { refusal, watch } = useRefusal();
  const mail = props.editing === 'new' ? null : props.editing;
  return (
    <RecordDialog<SystemMailDto, SystemMailForm>
      noun="系统邮件"
      width={dialogWidth.large}
      values={(m) => ({ Subject: m?.Subject ?? '', Body: m?.Body ?? '' })}
      save={(values, m) => watch(mailingsAdminApi.saveSystemMail({ ...values, Code: m!.Code as SystemMailCode }))}
      {...props}
    >
      {mail && <SystemMailFields mail={mail} refusal={refusal} />}
    </RecordDialog>
  );
}

function SystemMailFields({ mail, refusal }: { mail: SystemMailDto; refusal: string }) {
  const subject = useCaretInsert('Subject');
  const body = useCaretInsert('Body');
  const [target, setTarget] = useState<'subject' | 'body'>('body');
  return (
    <>
      <Refusal refusal={refusal} />
      <Form.Item label="邮件">
        <Typography.Text strong>{mail.Name}</Typography.Text>
        <Typography.Text type="secondary">（{mail.Description}）</Typography.Text>
      </Form.Item>
      <Form.Item name="Subject" label="邮件标题" rules={[{ required: true, whitespace: true, message: mailingMessages.subjectRequired }]}>
        <Input maxLength={mailingLimits.subject} showCount onFocus={() => setTarget('subject')} onSelect={subject.track} />
      </Form.Item>
      <VariableButtons
        variables={mail.Variables}
        onInsert={target === 'subject' ? subject.insert : body.insert}
        extra={`点击插入到${target === 'subject' ? '邮件标题' : '邮件内容'}的光标处；发送时替换为实际内容（鼠标悬停查看含义）`}
      />
      <Form.Item
        name="Body"
        label="邮件内容"
        extra="纯文本邮件，按输入的换行发送"
        rules={[{ required: true, whitespace: true, message: mailingMessages.bodyRequired }]}
      >
        <Input.TextArea maxLength={mailingLimits.body} autoSize={{ minRows: 10, maxRows: 20 }} onFocus={() => setTarget('body')} onSelect={body.track} />
      </Form.Item>
      <SystemMailPreview code={mail.Code as SystemMailCode} />
    </>
  );
}

/** 预览: the subject and body as they stand in the form, saved or not, each variable filled with an example (PreviewSystemMail). */
function SystemMailPreview({ code }: { code: SystemMailCode }) {
  const form = Form.useFormInstance<SystemMailForm>();
  const [shown, setShown] = useState<SystemMailPreviewDto | null>(null);
  const [loading, setLoading] = useState(false);
  const show = async () => {
    setLoading(true);
    try {
      const { Subject, Body } = form.getFieldsValue();
      setShown(await mailingsAdminApi.previewSystemMail({ Code: code, Subject, Body }));
    } catch {
      // Shown by the API client (an unknown variable, named).
    } finally {
      setLoading(false);
    }
  };
  return (
    <Form.Item label=" " colon={false} extra="变量以示例内容填入（网站名称和地址为本站的），实际发送时为收件会员和事项的内容">
      <Button icon={<EyeOutlined />} loading={loading} onClick={() => void show()}>
        预览
      </Button>
      {shown && (
        <section aria-label="预览内容" className={styles.preview}>
          <Typography.Text strong>{shown.Subject}</Typography.Text>
          <div className={styles.previewBody}>{shown.Body}</div>
        </section>
      )}
    </Form.Item>
  );
}
