import { MessageState, type AskerMessageDto } from '@portal/shared';
import { RichTextBody } from '../content/RichTextBody';
import { Rating } from './Rating';
import styles from './messages.module.css';

const stateTone: Record<number, string | undefined> = {
  [MessageState.Waiting]: styles.stateWaiting,
  [MessageState.Handling]: styles.stateHandling,
  [MessageState.Answered]: styles.stateAnswered,
  [MessageState.Declined]: styles.stateDeclined,
};

/** What the state means for the asker, in a sentence. */
const stateText: Record<number, string> = {
  [MessageState.Waiting]: '您的留言已收到，正在等待受理。',
  [MessageState.Handling]: '您的留言已转交相关部门办理，请耐心等待答复。',
  [MessageState.Answered]: '您的留言已答复。',
  [MessageState.Declined]: '您的留言不予受理。',
};

/**
 * One message as its asker sees it (by 查询码, or in 我的留言): the state, what they wrote, the
 * reason if declined, the reply once out and, once answered, the rating (given once).
 * `headingLevel`: the message's subject under the page's or the list's heading.
 */
export function MessageStatus({ message, onRated, headingLevel = 2 }: { message: AskerMessageDto; onRated: () => void; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={styles.status} aria-label={`留言：${message.Subject}`}>
      <header className={styles.statusHead}>
        <Heading className={styles.statusTitle}>
          <span className={styles.category}>{message.CategoryName}</span>
          {message.Subject}
        </Heading>
        <span className={`${styles.state} ${stateTone[message.State] ?? ''}`}>{message.StateName}</span>
      </header>
      <dl className={styles.facts}>
        <div>
          <dt>查询码</dt>
          <dd className={styles.mono}>{message.QueryCode}</dd>
        </div>
        <div>
          <dt>留言时间</dt>
          <dd>{message.CreateTime}</dd>
        </div>
        {message.ReplyTime && (
          <div>
            <dt>答复时间</dt>
            <dd>{message.ReplyTime}</dd>
          </div>
        )}
      </dl>
      <p className={styles.stateText}>{stateText[message.State]}</p>
      <p className={styles.question}>{message.Content}</p>
      {message.State === MessageState.Declined && message.DeclineReason && (
        <section className={styles.reply} aria-label="不予受理理由">
          <p className={styles.replyHead}>
            <strong>不予受理理由</strong>
          </p>
          <p>{message.DeclineReason}</p>
        </section>
      )}
      {message.Reply && (
        <section className={styles.reply} aria-label="答复">
          <p className={styles.replyHead}>
            <strong>答复</strong>
          </p>
          <RichTextBody html={message.Reply} />
        </section>
      )}
      {message.State === MessageState.Answered && <Rating code={message.QueryCode} rating={message.Rating} onRated={onRated} />}
    </article>
  );
}
