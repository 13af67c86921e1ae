import { useRef, useState, type FormEvent } from 'react';
import { Button } from 'antd';
import type { FormFieldDto } from '@portal/shared';
import { formsApi } from '../../api/forms';
import { FormView, answersToSend, fieldOfMessage, formErrors, visibleFields, type FormErrors, type FormValue, type FormValues } from '../../components/forms';
import { PrivacyConsent, usePrivacyConsent } from '../../components/PrivacyConsent';
import styles from './activity.module.css';

/**
 * 报名表: the activity's sign-up form (a form of 表单与问卷), filled in before 报名 or 加入候补 and
 * sent with it. The answers are checked here with the server's rules and words first; a refusal
 * of the server that names a question (请填写「…」) is said under it as well as in the client's
 * toast, and stands until that answer changes.
 */
export function SignUpForm({
  fields,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  fields: FormFieldDto[];
  submitLabel: string;
  /** Sends the answers, and the privacy policy version agreed to, with the sign-up; rejects with the server's refusal. */
  onSubmit: (answers: Record<string, FormValue>, privacyVersion: number) => Promise<void>;
  onCancel: () => void;
}) {
  const own = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<FormValues>({});
  const [checked, setChecked] = useState(false);
  const [refused, setRefused] = useState<FormErrors>({});
  const [sending, setSending] = useState(false);
  const consent = usePrivacyConsent();
  const errors: FormErrors = { ...(checked ? formErrors(fields, values) : {}), ...refused };

  const focusField = (key: string) => own.current?.querySelector<HTMLElement>(`[data-field="${CSS.escape(key)}"] :is(input, select, textarea)`)?.focus();

  const change = (next: FormValues) => {
    setRefused((before) => Object.fromEntries(Object.entries(before).filter(([key]) => next[key] === values[key])));
    setValues(next);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending) return;
    setChecked(true);
    const wrong = Object.keys(formErrors(fields, values));
    if (wrong.length > 0) return focusField(wrong[0]!);
    const privacyVersion = consent.version();
    if (privacyVersion === undefined) return;
    setSending(true);
    try {
      await onSubmit(answersToSend(fields, values), privacyVersion);
    } catch (error) {
      if (error instanceof Error && consent.refused(error.message)) return;
      const field = error instanceof Error ? fieldOfMessage(visibleFields(fields, values), error.message) : undefined;
      if (field) {
        setRefused({ [field.Key]: (error as Error).message });
        focusField(field.Key);
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <form ref={own} className={styles.signUpForm} aria-label="报名表" noValidate onSubmit={(e) => void submit(e)}>
      <h3 className={styles.signUpFormTitle}>填写报名表</h3>
      <FormView definition={fields} value={values} onChange={change} errors={errors} upload={formsApi.uploadFile} />
      <PrivacyConsent {...consent.field} />
      <div className={styles.signUpFormActions}>
        <Button type="primary" htmlType="submit" loading={sending}>
          {submitLabel}
        </Button>
        <Button onClick={onCancel} disabled={sending}>
          取消
        </Button>
      </div>
    </form>
  );
}
