import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { formPath, type MyFormResponseDto } from '@portal/shared';
import { formsApi } from '../../api/forms';
import { FormView, type FormValues } from '../../components/forms';
import { SkeletonRows } from '../../components/Skeleton';
import buttons from '../../components/button.module.css';
import { Empty } from '../content/EmptyState';
import { formQueries } from './queries';
import { kindName } from './formState';
import styles from './forms.module.css';

/**
 * The member's own named responses (GetMyFormResponses), newest first; 查看 shows one as it was
 * answered, drawn by the form's renderer from the form's fields as they are now. Anonymous
 * responses are stored without the member, so they are not here, and the page says so.
 */
export function MyFormResponses() {
  const responses = useQuery({ queryKey: ['myFormResponses'], queryFn: formsApi.myResponses });
  const [open, setOpen] = useState<number | null>(null);
  if (responses.isPending) return <SkeletonRows rows={5} />;
  const list = responses.data ?? [];
  return (
    <>
      <p className={styles.meta}>匿名问卷与投票不记录提交人，因此不在此列出。</p>
      {list.length === 0 ? (
        <Empty description="暂无填报记录" />
      ) : (
        <ul className={styles.responses}>
          {list.map((r) => (
            <li key={r.ResponseId} className={styles.response}>
              <div className={styles.responseHead}>
                <span className={styles.kind}>{kindName(r.Kind)}</span>
                <Link to={formPath(r.FormId)} className={styles.responseTitle}>
                  {r.FormTitle}
                </Link>
                <span className={styles.meta}>提交于 {r.CreateTime}</span>
                <button
                  type="button"
                  className={buttons.secondary}
                  aria-expanded={open === r.ResponseId}
                  onClick={() => setOpen(open === r.ResponseId ? null : r.ResponseId)}
                >
                  {open === r.ResponseId ? '收起' : '查看'}
                </button>
              </div>
              {open === r.ResponseId && <ResponseAnswers response={r} />}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** One response's answers, under the form's questions. */
function ResponseAnswers({ response }: { response: MyFormResponseDto }) {
  const form = useQuery(formQueries.publicForm(response.FormId));
  if (form.isPending) return <SkeletonRows rows={3} />;
  if (!form.data) return <p className={styles.meta}>{form.error?.message}</p>;
  return (
    <div className={styles.responseBody}>
      <FormView definition={form.data.Fields} value={response.Answers as FormValues} readOnly />
    </div>
  );
}
