import { lazy, useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { messages, paging, type CertRecordDto } from '@portal/shared';
import { certificatesApi, type CertProof, type CertQuery } from '../../api/certificates';
import { AntdPart } from '../../components/OnDemand';
import { Spinner } from '../../components/Spinner';
import { TextInput } from '../../components/TextInput';
import { useCheckedFields, type FieldErrors } from '../../components/useCheckedFields';
import buttons from '../../components/button.module.css';
import styles from './certLookup.module.css';

// The result table (antd's Table) loads with the first search.
const CertResults = lazy(() => import('./CertResults').then((m) => ({ default: m.CertResults })));

const emptyQuery: CertQuery = { Name: '', IdNum: '', CertNum: '' };

/** The form's rules (spec §2 certsearch): a name, and an ID number or a certificate number. */
function validate(values: CertQuery): FieldErrors<CertQuery> {
  const errors: FieldErrors<CertQuery> = {};
  if (!values.Name.trim()) errors.Name = messages.certNameRequired;
  if (!values.IdNum.trim() && !values.CertNum.trim()) errors.IdNum = messages.certIdOrNumRequired;
  return errors;
}

/** A labelled input with its error under it (as antd's Form.Item in an inline form). */
function Field({ name, label, required = false, error, value, onChange, ...input }: {
  name: keyof CertQuery;
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
 */
export function CertLookup() {
  const [params, setParams] = useSearchParams();
  const initial: CertQuery = { ...emptyQuery, Name: params.get('Name')?.trim() ?? '', CertNum: params.get('CertNum')?.trim() ?? '' };
  const { values, errors, set, check, reset: resetFields } = useCheckedFields(initial, validate);
  const [searched, setSearched] = useState<CertQuery | null>(initial.Name && initial.CertNum ? initial : null);
  const [page, setPage] = useState<number>(paging.firstPage);

  const result = useQuery({
    queryKey: ['certSearch', searched, page],
    queryFn: () => certificatesApi.search(searched ?? emptyQuery, page),
    enabled: searched !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (check()) search(values);
  };

  const search = (entered: CertQuery) => {
    const q = { Name: entered.Name.trim(), IdNum: entered.IdNum.trim(), CertNum: entered.CertNum.trim() };
    setSearched(q);
    setPage(paging.firstPage);
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set('Name', q.Name);
      if (q.CertNum) next.set('CertNum', q.CertNum);
      else next.delete('CertNum');
      return next;
    }, { replace: true });
  };

  const reset = () => {
    // Cleared, not back to the Name and CertNum of the address.
    resetFields(emptyQuery);
    setSearched(null);
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.delete('Name');
      next.delete('CertNum');
      return next;
    }, { replace: true });
  };

  /** The ID number searched with proves the record; otherwise its name and certificate number do. */
  const proofOf = (record: CertRecordDto): CertProof => (searched?.IdNum ? { IdNum: searched.IdNum } : { Name: record._name, CertNum: record._certNum });

  return (
    <>
      <p style={{ margin: '16px 0' }}>请输入姓名，并填写身份证号或证书编号中的一项进行查询。</p>
      <form className={styles.form} noValidate onSubmit={submit}>
        <Field name="Name" label="姓名" required placeholder="请输入姓名" maxLength={50} value={values.Name} onChange={set('Name')} error={errors.Name} />
        <Field name="IdNum" label="身份证号" placeholder="请输入身份证号" maxLength={18} autoComplete="off" value={values.IdNum} onChange={set('IdNum')} error={errors.IdNum} />
        <Field name="CertNum" label="证书编号" placeholder="请输入证书编号" maxLength={50} value={values.CertNum} onChange={set('CertNum')} error={errors.CertNum} />
        <div className={styles.actions}>
          <button type="submit" className={`${buttons.primary} ${buttons.spaced}`} aria-busy={result.isFetching}>
            {result.isFetching && <Spinner size={12} />}
            查询
          </button>
          <button type="button" className={`${buttons.secondary} ${buttons.spaced}`} onClick={reset}>
            重置
          </button>
        </div>
      </form>
      {searched && (
        <AntdPart>
          <CertResults result={result} page={page} onPage={setPage} proofOf={proofOf} />
        </AntdPart>
      )}
    </>
  );
}
