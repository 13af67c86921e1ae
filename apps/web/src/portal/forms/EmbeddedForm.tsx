import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { formPath } from '@portal/shared';
import { SkeletonRows } from '../../components/Skeleton';
import { formQueries } from './queries';
import { FormScreen } from './FormScreen';
import styles from './forms.module.css';

/** A form drawn inside an article (content/ArticleBody.tsx); `fallback` (the editor's link) while it loads and when it cannot be read. */
export function EmbeddedForm({ formId, fallback }: { formId: number; fallback: ReactNode }) {
  const titleId = useId();
  const form = useQuery(formQueries.publicForm(formId));
  if (form.isPending)
    return (
      <div className={styles.embedded}>
        <SkeletonRows rows={4} />
      </div>
    );
  if (!form.data) return fallback;
  return (
    <section className={styles.embedded} aria-labelledby={titleId} data-form-id={formId}>
      <h2 id={titleId} className={styles.embeddedTitle}>
        {form.data.Title}
      </h2>
      <FormScreen form={form.data} embedded />
      <p className={styles.meta}>
        <Link to={formPath(formId)}>在单独页面打开</Link>
      </p>
    </section>
  );
}
