import { useId, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import ReloadOutlined from '@ant-design/icons-svg/es/asn/ReloadOutlined';
import { codeMessages, formMessages, systemMessages, type PublicFormDto } from '@portal/shared';
import { formsApi } from '../../api/forms';
import { FormView, answersToSend, fieldOfMessage, formErrors, visibleFields, type FormErrors, type FormValues } from '../../components/forms';
import { Icon } from '../../components/Icon';
import { PrivacyConsent, usePrivacyConsent } from '../../components/PrivacyConsent';
import { Spinner } from '../../components/Spinner';
import { TextInput } from '../../components/TextInput';
import buttons from '../../components/button.module.css';
import { toast } from '../../components/toast';
import styles from './forms.module.css';

const captchaRefusals: readonly string[] = [systemMessages.captchaInvalid, formMessages.captchaRequired];

/**
 * Answering a form that takes this visitor's or member's answers now: the fields (FormView), a
 * visitor's captcha, 提交. The answers are checked here first with the server's rules and words;
 * a refusal of the server that names a field is said under it, any other in a toast (`onRefused`
 * then reads the form again: it may have closed or filled up meanwhile).
 */
export function AnswerForm({ form, onSubmitted, onRefused }: { form: PublicFormDto; onSubmitted: (responseId: number) => void; onRefused: () => void }) {
  const own = useRef<HTMLFormElement>(null);
  const captchaId = useId();
  const [values, setValues] = useState<FormValues>({});
  const [checked, setChecked] = useState(false);
  const [refused, setRefused] = useState<FormErrors>({});
  const [captchaText, setCaptchaText] = useState('');
  const [captchaError, setCaptchaError] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const consent = usePrivacyConsent();
  // A ticket serves one submission that passes the answers' checks and lasts 5 minutes: a fresh one per page, never kept.
  const captcha = useQuery({
    queryKey: ['formCaptcha', form.Id],
    queryFn: formsApi.captcha,
    enabled: form.NeedsCaptcha,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    meta: { browserOnly: true },
  });
  const errors: FormErrors = { ...(checked ? formErrors(form.Fields, values) : {}), ...refused };

  const focusField = (key: string) =>
    own.current?.querySelector<HTMLElement>(`[data-field="${CSS.escape(key)}"] :is(input, select, textarea)`)?.focus({ preventScroll: false });

  const change = (next: FormValues) => {
    // A refusal of the server stands until its field changes.
    setRefused((before) => Object.fromEntries(Object.entries(before).filter(([key]) => next[key] === values[key])));
    setValues(next);
  };

  const newCaptcha = () => {
    setCaptchaText('');
    void captcha.refetch();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (submitting) return;
    setChecked(true);
    const wrong = Object.keys(formErrors(form.Fields, values));
    if (wrong.length > 0) return focusField(wrong[0]!);
    if (form.NeedsCaptcha && !captchaText.trim()) {
      setCaptchaError(formMessages.captchaRequired);
      return document.getElementById(captchaId)?.focus();
    }
    const PrivacyVersion = consent.version();
    if (PrivacyVersion === undefined) return;
    setSubmitting(true);
    try {
      const id = await formsApi.submit({
        FormId: form.Id,
        Answers: answersToSend(form.Fields, values),
        Captcha: captchaText.trim(),
        CaptchaTicket: captcha.data?.Url ?? '',
        PrivacyVersion,
      });
      onSubmitted(id);
    } catch (error) {
      const text = error instanceof Error && error.message ? error.message : codeMessages.default;
      const field = fieldOfMessage(visibleFields(form.Fields, values), text);
      if (field) {
        setRefused({ [field.Key]: text });
        focusField(field.Key);
      } else if (captchaRefusals.includes(text)) {
        setCaptchaError(text);
        newCaptcha();
        document.getElementById(captchaId)?.focus();
      } else if (!consent.refused(text)) {
        toast('error', text);
        if (form.NeedsCaptcha) newCaptcha();
        onRefused();
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form ref={own} className={styles.answer} noValidate onSubmit={(e) => void submit(e)}>
      <FormView definition={form.Fields} value={values} onChange={change} errors={errors} upload={formsApi.uploadFile} />
      {form.NeedsCaptcha && (
        <div className={styles.captcha}>
          <label htmlFor={captchaId} className={styles.captchaLabel}>
            验证码<span aria-hidden="true">*</span>
          </label>
          <div className={styles.captchaRow}>
            <TextInput
              id={captchaId}
              className={styles.captchaInput}
              value={captchaText}
              onChange={(text) => {
                setCaptchaText(text);
                setCaptchaError('');
              }}
              invalid={captchaError !== ''}
              maxLength={8}
              autoComplete="off"
              aria-required
              aria-describedby={captchaError ? `${captchaId}-error` : undefined}
            />
            <button type="button" className={styles.captchaImage} onClick={newCaptcha} title="看不清？点击刷新" aria-label="验证码图片，点击刷新">
              {captcha.data?.Data ? <img src={captcha.data.Data} alt="验证码" /> : captcha.isFetching ? <Spinner /> : <Icon icon={ReloadOutlined} />}
            </button>
          </div>
          {captchaError && (
            <p id={`${captchaId}-error`} className={styles.fieldError}>
              {captchaError}
            </p>
          )}
        </div>
      )}
      <PrivacyConsent {...consent.field} />
      <div className={styles.actions}>
        <button type="submit" className={`${buttons.primary} ${buttons.large} ${styles.submit}`} aria-busy={submitting}>
          {submitting && <Spinner size={14} />}
          {form.Kind === 'vote' ? '投 票' : '提 交'}
        </button>
      </div>
    </form>
  );
}
