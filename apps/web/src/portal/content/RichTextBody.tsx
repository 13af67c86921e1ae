import styles from './content.module.css';

/**
 * Rich text inside a card or a list (a message's reply, a 站内信): sanitised by the server (the
 * articles' allow-list) before it was stored, so drawn as it is, in the articles' typography
 * without their page margins.
 */
export function RichTextBody({ html }: { html: string }) {
  return <div className={`${styles.article} ${styles.compactText}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
