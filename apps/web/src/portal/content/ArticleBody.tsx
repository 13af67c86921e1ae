import { lazy, Suspense, type ReactElement } from 'react';
import { useHydrated } from '../../components/useHydrated';
import { articleParts } from './articleForms';
import styles from './content.module.css';
import { headingsUnderTitle } from './headingsUnderTitle';

// The form's code (the renderer, its checks) loads only for an article that embeds one.
const EmbeddedForm = lazy(() => import('../forms/EmbeddedForm').then((m) => ({ default: m.EmbeddedForm })));

/**
 * An article's rich text. The HTML was sanitised by the server (allow-list) before it was
 * stored, so it is trusted here; the container gives it readable typography. Its headings are
 * moved under the page's title (headingsUnderTitle). A paragraph that is one link to a form is
 * that form, drawn in place once the page runs (articleForms.ts); the text around it keeps the
 * article's typography, the form its own.
 */
export function ArticleBody({ html }: { html: string }) {
  const parts = articleParts(headingsUnderTitle(html));
  return parts.map((part, i) => {
    const className = i === 0 ? styles.article : `${styles.article} ${styles.articleContinued}`;
    const text = <div key={i} className={className} dangerouslySetInnerHTML={{ __html: part.html }} />;
    return 'formId' in part ? <FormInArticle key={i} formId={part.formId} link={text} /> : text;
  });
}

/**
 * The form a paragraph links to. The server and the hydrating render draw the link (a page kept
 * for every visitor cannot hold a form's state, which changes with the clock and the answers);
 * the browser then draws the form, or keeps the link when the form cannot be read.
 */
function FormInArticle({ formId, link }: { formId: number; link: ReactElement }) {
  const hydrated = useHydrated();
  if (!hydrated) return link;
  return (
    <Suspense fallback={link}>
      <EmbeddedForm formId={formId} fallback={link} />
    </Suspense>
  );
}
