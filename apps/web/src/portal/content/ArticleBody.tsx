import styles from './content.module.css';

/**
 * An article's rich text. The HTML was sanitised by the server (allow-list) before it was
 * stored, so it is trusted here; the container gives it readable typography.
 */
export function ArticleBody({ html }: { html: string }) {
  return <div className={styles.article} dangerouslySetInnerHTML={{ __html: html }} />;
}
