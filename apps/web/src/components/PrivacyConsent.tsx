import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { privacyMessages, sitePages } from '@portal/shared';
import { privacyApi } from '../api/privacy';
import styles from './PrivacyConsent.module.css';

/** The refusals of the server that are about the consent itself (features/privacy/consents.ts). */
const consentRefusals: readonly string[] = [privacyMessages.consentOutdated, privacyMessages.consentRequired];

/**
 * 我已阅读并同意《隐私政策》 for a form that collects personal data: the box's state, and the
 * policy version sent with the submission (the server stores it with what was submitted). Shares
 * its read of the policy with the /privacy page.
 */
export function usePrivacyConsent() {
  // Needed only at 提交: the browser reads it after the page is drawn, never the server's renderer.
  const policy = useQuery({ queryKey: ['privacyPolicy', 0], queryFn: () => privacyApi.policy(), retry: false, meta: { browserOnly: true } });
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState('');

  /** The version to send; undefined after saying under the box why not. */
  const version = (): number | undefined => {
    const current = policy.data?.Version;
    if (!agreed) setError(privacyMessages.consentRequired);
    else if (current === undefined) setError(privacyMessages.policyUnavailable);
    return agreed ? current : undefined;
  };
  /** A refusal about the consent (a new version was published meanwhile): asks again under the box. Answers whether it was one. */
  const refused = (message: string): boolean => {
    if (!consentRefusals.includes(message)) return false;
    setAgreed(false);
    setError(message);
    void policy.refetch();
    return true;
  };
  /** For a dialog's save: runs `call` with the version, or rejects without calling when the box is not ticked. */
  const sendWith = async <R,>(call: (version: number) => Promise<R>): Promise<R> => {
    const agreedTo = version();
    if (agreedTo === undefined) throw new Error(privacyMessages.consentRequired);
    return call(agreedTo).catch((error: unknown) => {
      if (error instanceof Error) refused(error.message);
      throw error;
    });
  };
  return { field: { agreed, error, onChange: (next: boolean) => (setAgreed(next), setError('')) }, version, refused, sendWith };
}

export type PrivacyConsentField = ReturnType<typeof usePrivacyConsent>['field'];

/** The box itself, its link opening the policy beside the form so nothing typed is lost. */
export function PrivacyConsent({ agreed, error, onChange, className }: PrivacyConsentField & { className?: string }) {
  const id = useId();
  return (
    <div className={`${styles.consent}${className ? ` ${className}` : ''}`}>
      <label className={styles.label}>
        <input
          type="checkbox"
          checked={agreed}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <span>
          我已阅读并同意
          <a href={sitePages.privacy.path} target="_blank" rel="noopener">
            《隐私政策》
          </a>
        </span>
      </label>
      {error && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
