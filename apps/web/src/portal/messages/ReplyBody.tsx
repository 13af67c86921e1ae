import content from '../content/content.module.css';

/** A reply's rich text: sanitised by the server (the articles' allow-list) before it was stored, so drawn as it is. */
export function ReplyBody({ html }: { html: string }) {
  return <div className={content.article} dangerouslySetInnerHTML={{ __html: html }} />;
}
