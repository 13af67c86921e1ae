import content from '../content/content.module.css';
import styles from './messages.module.css';

/** A reply's rich text: sanitised by the server (the articles' allow-list) before it was stored, so drawn as it is, in the articles' typography. */
export function ReplyBody({ html }: { html: string }) {
  return <div className={`${content.article} ${styles.replyText}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
