import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { messageLimits, type MessageOptionsDto } from '@portal/shared';
import { messagesApi } from '../../api/messages';
import buttons from '../../components/button.module.css';
import { SkeletonRows } from '../../components/Skeleton';
import { Spinner } from '../../components/Spinner';
import { TextInput } from '../../components/TextInput';
import { useCheckedFields } from '../../components/useCheckedFields';
import { PrivacyConsent, usePrivacyConsent } from '../../components/PrivacyConsent';
import { Callout } from '../content/Notices';
import { useMemberSession } from '../member/session';
import { messageQueries } from './queries';
import { askErrors, emptyAsk, requiredContacts } from './askRules';
import { AttachmentField } from './AttachmentField';
import { CaptchaImage, useMessageCaptcha } from './Captcha';
import { FormRow } from './FormRow';
import { QueryCodeNotice } from './QueryCodeNotice';
import styles from './messages.module.css';

/** 我要留言: the form, then the 查询码 in its place. */
export function AskForm({ onFollow }: { onFollow: (code: string) => void }) {
  const options = useQuery(messageQueries.messageOptions());
  const [code, setCode] = useState('');
  if (code) return <QueryCodeNotice code={code} onFollow={() => onFollow(code)} onAgain={() => setCode('')} />;
  if (options.isPending) return <SkeletonRows rows={8} />;
  if (options.isError) return <Callout tone="warning">{options.error.message}</Callout>;
  return <Form options={options.data} onAsked={setCode} />;
}

function Form({ options, onAsked }: { options: MessageOptionsDto; onAsked: (code: string) => void }) {
  const { loggedIn } = useMemberSession();
  const needsCaptcha = !loggedIn;
  const { values, errors, set, check } = useCheckedFields(emptyAsk, (v) => askErrors(v, options, needsCaptcha));
  const [mayPublish, setMayPublish] = useState(true);
  const [attachment, setAttachment] = useState<{ path: string; name: string } | null>(null);
  const [refusal, setRefusal] = useState('');
  const [busy, setBusy] = useState(false);
  const captcha = useMessageCaptcha();
  const consent = usePrivacyConsent();
  const queryClient = useQueryClient();
  const renewCaptcha = () => {
    set('Captcha')('');
    void queryClient.invalidateQueries({ queryKey: ['messageCaptcha'] });
  };
  const required = requiredContacts(options);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setRefusal('');
    const fieldsOk = check();
    const PrivacyVersion = consent.version();
    if (!fieldsOk || PrivacyVersion === undefined) return;
    setBusy(true);
    try {
      const code = await messagesApi.ask({
        ...values,
        CategoryId: Number(values.CategoryId),
        Attachment: attachment?.path ?? '',
        MayPublish: mayPublish,
        CaptchaTicket: needsCaptcha ? captcha.data?.Url : undefined,
        Captcha: needsCaptcha ? values.Captcha.trim() : undefined,
        PrivacyVersion,
      });
      onAsked(code);
    } catch (err) {
      if (!consent.refused((err as Error).message)) setRefusal((err as Error).message);
      // The ticket was used, right or wrong.
      if (needsCaptcha) renewCaptcha();
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.form} noValidate onSubmit={(e) => void submit(e)} aria-label="我要留言">
      <p className={styles.intro}>请如实填写，我们将在所选类别的办理时限内答复。提交后您将获得查询码，凭查询码可随时查看办理进度和答复。</p>
      <FormRow label="留言类别" required error={errors.CategoryId}>
        {(control) => (
          <select {...control} className={styles.select} value={values.CategoryId} onChange={(e) => set('CategoryId')(e.target.value)}>
            <option value="">请选择</option>
            {options.Categories.map((c) => (
              <option key={c.Id} value={c.Id}>
                {c.Name}（{c.DeadlineDays}个工作日内答复）
              </option>
            ))}
          </select>
        )}
      </FormRow>
      <FormRow label="留言标题" required error={errors.Subject}>
        {(control) => (
          <TextInput {...control} value={values.Subject} onChange={set('Subject')} maxLength={messageLimits.subject} placeholder="请用一句话概括您的问题" />
        )}
      </FormRow>
      <FormRow label="留言内容" required error={errors.Content} hint={`${values.Content.length}/${messageLimits.content}`}>
        {(control) => (
          <textarea
            {...control}
            className={styles.textarea}
            rows={8}
            value={values.Content}
            maxLength={messageLimits.content}
            onChange={(e) => set('Content')(e.target.value)}
            placeholder="请详细说明您的问题或建议"
          />
        )}
      </FormRow>
      <AttachmentField value={attachment} onChange={setAttachment} />
      <FormRow label="姓名" required={options.RequireName} error={errors.Name}>
        {(control) => <TextInput {...control} value={values.Name} onChange={set('Name')} maxLength={messageLimits.name} autoComplete="name" />}
      </FormRow>
      <FormRow
        label="联系电话"
        required={required.phone}
        error={errors.Phone}
        hint={options.Contact === 'either' ? '联系电话和电子邮箱至少填写一项' : undefined}
      >
        {(control) => <TextInput {...control} type="tel" value={values.Phone} onChange={set('Phone')} maxLength={20} autoComplete="tel" />}
      </FormRow>
      <FormRow label="电子邮箱" required={required.email} error={errors.Email} hint="填写后，答复时我们会发邮件告知您">
        {(control) => <TextInput {...control} type="email" value={values.Email} onChange={set('Email')} maxLength={messageLimits.email} autoComplete="email" />}
      </FormRow>
      <div className={styles.row}>
        <span className={styles.label} aria-hidden="true" />
        <label className={styles.check}>
          <input type="checkbox" checked={mayPublish} onChange={(e) => setMayPublish(e.target.checked)} />
          同意在本站公开我的留言及答复（公开时隐去联系方式，姓名仅显示姓氏）
        </label>
      </div>
      {needsCaptcha && (
        <FormRow label="验证码" required error={errors.Captcha}>
          {(control) => (
            <span className={styles.captchaLine}>
              <TextInput {...control} value={values.Captcha} onChange={set('Captcha')} maxLength={10} autoComplete="off" className={styles.captchaInput} />
              <CaptchaImage image={captcha.data?.Data} onRenew={renewCaptcha} />
            </span>
          )}
        </FormRow>
      )}
      <div className={styles.row}>
        <span className={styles.label} aria-hidden="true" />
        <PrivacyConsent {...consent.field} />
      </div>
      {refusal && <Callout tone="warning">{refusal}</Callout>}
      <div className={styles.row}>
        <span className={styles.label} aria-hidden="true" />
        <button type="submit" className={`${buttons.primary} ${buttons.large}`} disabled={busy}>
          {busy && <Spinner />}提交留言
        </button>
      </div>
    </form>
  );
}
