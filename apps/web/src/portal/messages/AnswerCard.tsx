import { messageAnswerPath, type PublicMessageDto } from '@portal/shared';
import { Highlight } from '../content/Highlight';
import { PageLink } from '../layout';
import { RichTextBody } from '../content/RichTextBody';
import styles from './messages.module.css';

/**
 * A published question with its answer. In 留言选登 its title is a link to the answer's own page;
 * on that page the panel's heading is the title, so the card leaves it out.
 */
export function AnswerCard({ message, keyword = '', titled }: { message: PublicMessageDto; keyword?: string; titled: boolean }) {
  const headingId = `message-${message.Id}`;
  return (
    <article className={styles.answer} aria-labelledby={titled ? headingId : undefined} aria-label={titled ? undefined : '留言与答复'}>
      {titled ? (
        <h2 id={headingId} className={styles.answerTitle}>
          <span className={styles.category}>{message.CategoryName}</span>
          <PageLink to={messageAnswerPath(message.Id)}>
            <Highlight text={message.Title} keyword={keyword} />
          </PageLink>
        </h2>
      ) : (
        <p className={styles.answerTitle}>
          <span className={styles.category}>{message.CategoryName}</span>
        </p>
      )}
      <p className={styles.byline}>
        <span>留言人：{message.AskerName}</span>
        <time>{message.CreateTime.slice(0, 10)}</time>
      </p>
      <p className={styles.question}>
        <Highlight text={message.Content} keyword={keyword} />
      </p>
      <section className={styles.reply} aria-label="答复">
        <p className={styles.replyHead}>
          <strong>{message.DepartmentName || '协会'}答复</strong>
          <time>{message.ReplyTime.slice(0, 10)}</time>
        </p>
        <RichTextBody html={message.Reply} />
      </section>
    </article>
  );
}
