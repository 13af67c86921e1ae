import styles from './content.module.css';
import { headingsUnderTitle } from './headingsUnderTitle';

/**
 * An article's rich text. The HTML was sanitised by the server (allow-list) before it was
 * stored, so it is trusted here; the container gives it readable typography. Its headings are
 * moved under the page's title (headingsUnderTitle).
 */
export function ArticleBody({ html }: { html: string }) {
  return <div className={styles.article} dangerouslySetInnerHTML={{ __html: headingsUnderTitle(html) }} />;
}
