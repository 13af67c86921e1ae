import { useId, useState, type FormEvent, type MouseEvent } from 'react';
import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { messages, paging, sitePages, type CertSearchEntry } from '@portal/shared';
import { certificatesApi } from '../../api/certificates';
import { Spinner } from '../../components/Spinner';
import { TextInput } from '../../components/TextInput';
import { useCheckedFields, type FieldErrors } from '../../components/useCheckedFields';
import buttons from '../../components/button.module.css';
import { CertTable } from './CertTable';
import { usePostedLookup } from './postedLookup';
import styles from './certLookup.module.css';

const emptyQuery: CertSearchEntry = { Name: '', IdNum: '', CertNum: '' };
/** The empty form that 重置 submits without JavaScript. */
const resetFormId = 'cert-lookup-reset';

/** The form's rules (spec §2 certsearch): a name, and an ID number or a certificate number. */
function validate(values: CertSearchEntry): FieldErrors<CertSearchEntry> {
  const errors: FieldErrors<CertSearchEntry> = {};
  if (!values.Name.trim()) errors.Name = messages.certNameRequired;
  if (!values.IdNum.trim() && !values.CertNum.trim()) errors.IdNum = messages.certIdOrNumRequired;
  return errors;
}

/** A labelled input with its error under it (as antd's Form.Item in an inline form). */
function Field({
  name,
  label,
  required = false,
  error,
  value,
  onChange,
  ...input
}: {
  name: keyof CertSearchEntry;
  label: string;
  required?: boolean;
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  maxLength: number;
  autoComplete?: string;
}) {
  const id = useId();
  return (
    <div className={styles.item}>
      <label htmlFor={id} className={required ? `${styles.label} ${styles.required}` : styles.label}>
        {label}
      </label>
      <div className={styles.control}>
        <TextInput id={id} name={name} value={value} onChange={onChange} invalid={!!error} aria-describedby={error ? `${id}-error` : undefined} {...input} />
        {error && (
          <div id={`${id}-error`} className={styles.error}>
            {error}
          </div>
        )}
      </div>
    </div>
  );
}

/**
 * The visitor's lookup (spec §2 certsearch): a name plus an ID number or a certificate number,
 * matched exactly by the server. Before a search only the form shows; after it, the results.
 * The address may carry Name and CertNum (links printed on certificates): with both, the search
 * runs at once. The ID number never goes into the address.
 *
 * Without JavaScript the form posts to /certsearch and the server draws this page around its
 * answer (usePostedLookup); with JavaScript the same form searches in place.
 */
export function CertLookup() {
  const [params, setParams] = useSearchParams();
  const posted = usePostedLookup();
  const fromAddress: CertSearchEntry = { ...emptyQuery, Name: params.get('Name')?.trim() ?? '', CertNum: params.get('CertNum')?.trim() ?? '' };
  const { values, errors, set, check, reset: resetFields } = useCheckedFields(posted?.query ?? fromAddress, validate, posted?.outcome === 'invalid');
  const [searched, setSearched] = useState<CertSearchEntry | null>(() => {
    if (posted) return posted.outcome === 'found' ? posted.query : null;
    return fromAddress.Name && fromAddress.CertNum ? fromAddress : null;
  });
  const [page, setPage] = useState<number>(posted?.page ?? paging.firstPage);
  const [refusal, setRefusal] = useState(posted?.outcome === 'refused' ? posted.message : undefined);

  const result = useQuery({
    queryKey: ['certSearch', searched, page],
    queryFn: () => certificatesApi.search(searched ?? emptyQuery, page),
    enabled: searched !== null,
    placeholderData: keepPreviousData,
    // The page the server drew for a posted form already holds these results.
    initialData: posted?.outcome === 'found' && searched === posted.query && page === posted.page ? posted.list : undefined,
    retry: false,
    meta: { browserOnly: true },
  });
  // Busy from the start of a search until its answer, alike on the server (which leaves a search
  // from the address to the browser) and in the hydrating render.
  const busy = searched !== null && (result.isPending || result.isFetching);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (check()) search(values);
  };

  const search = (entered: CertSearchEntry) => {
    const q = { Name: entered.Name.trim(), IdNum: entered.IdNum.trim(), CertNum: entered.CertNum.trim() };
    setSearched(q);
    setPage(paging.firstPage);
    setRefusal(undefined);
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('Name', q.Name);
        if (q.CertNum) next.set('CertNum', q.CertNum);
        else next.delete('CertNum');
        return next;
      },
      { replace: true },
    );
  };

  const reset = (e: MouseEvent) => {
    e.preventDefault();
    // Cleared, not back to the Name and CertNum of the address.
    resetFields(emptyQuery);
    setSearched(null);
    setRefusal(undefined);
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.delete('Name');
        next.delete('CertNum');
        return next;
      },
      { replace: true },
    );
  };

  return (
    <>
      <p style={{ margin: '16px 0' }}>请输入姓名，并填写身份证号或证书编号中的一项进行查询。</p>
      <form className={styles.form} method="post" action="/certsearch" noValidate onSubmit={submit}>
        <Field name="Name" label="姓名" required placeholder="请输入姓名" maxLength={50} value={values.Name} onChange={set('Name')} error={errors.Name} />
        <Field
          name="IdNum"
          label="身份证号"
          placeholder="请输入身份证号"
          maxLength={18}
          autoComplete="off"
          value={values.IdNum}
          onChange={set('IdNum')}
          error={errors.IdNum}
        />
        <Field
          name="CertNum"
          label="证书编号"
          placeholder="请输入证书编号"
          maxLength={50}
          value={values.CertNum}
          onChange={set('CertNum')}
          error={errors.CertNum}
        />
        <div className={styles.actions}>
          <button type="submit" className={`${buttons.primary} ${buttons.spaced}`} aria-busy={busy}>
            {busy && <Spinner size={12} />}
            查询
          </button>
          {/* Without JavaScript 重置 opens the empty lookup (the form of its own below). */}
          <button type="submit" form={resetFormId} className={`${buttons.secondary} ${buttons.spaced}`} onClick={reset}>
            重置
          </button>
        </div>
      </form>
      <form id={resetFormId} method="get" action="/certsearch" hidden />
      {refusal && (
        <p role="alert" className={styles.refusal}>
          {refusal}
        </p>
      )}
      {searched && <CertTable list={result.data} page={page} busy={busy} onPage={setPage} emptyText={result.error?.message} postBack={searched} />}
      <p className={styles.rights}>
        持证人可<a href={sitePages.holderRights.path}>查阅、下载本人信息或申请更正、删除</a>。
      </p>
    </>
  );
}
