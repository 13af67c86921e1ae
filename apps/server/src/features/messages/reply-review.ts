import type { Kysely } from 'kysely';
import { MessageState, messageBoardMessages, messageStateNames, ReviewKind, reviewMessages, type MessageDetailDto } from '@portal/shared';
import type { Database } from '../../db/connection.js';
import type { DB } from '../../db/schema.js';
import { notFound } from '../../http/envelope.js';
import { latestSubjectReview, registerReviewSubject } from '../review/subjects.js';
import { messageLink } from './deadline-job.js';
import { addNote } from './handling.js';
import { sendReply } from './reply.js';

/**
 * What the review chain's last step does to a reply (答复须经审核), installed into
 * features/review, which may not import this feature: approval sends the reply out as a reply
 * saved without review would be (已答复, the mail, the 查询码 page), rejection leaves the message
 * where it was (办理中 or 待受理) with the reason in its history and its drawer.
 */

export function installReplyReview(database: Database): void {
  registerReviewSubject(ReviewKind.Reply, {
    async approve(trx, review, outcome) {
      const m = await trx.selectFrom('messages').selectAll().where('id', '=', review.subjectId).executeTakeFirst();
      if (!m) throw notFound(messageBoardMessages.notFound);
      const reply = { reply: review.version.content, repliedBy: review.version.author };
      await sendReply(database, trx, m, reply, { cst: outcome.at, now: outcome.now, mail: outcome.mail });
      const from = messageStateNames[m.state as 0 | 1];
      await addNote(
        trx,
        m.id,
        'review',
        `答复审核通过（${outcome.stepName}），${from} → ${messageStateNames[MessageState.Answered]}`,
        outcome.reviewer,
        outcome.at,
      );
      return reviewMessages.replyApproved;
    },
    async reject(trx, review, rejection) {
      await addNote(trx, review.subjectId, 'review', `答复被驳回（${rejection.stepName}）：${rejection.opinion}`, rejection.reviewer, rejection.at);
    },
    // The author's notice opens the message in 留言办理.
    link: (review) => messageLink(review.subjectId),
  });
}

/** The drawer's line on the message's latest reply review. */
export async function replyReviewDto(db: Kysely<DB>, messageId: number): Promise<MessageDetailDto['ReplyReview']> {
  const review = await latestSubjectReview(db, ReviewKind.Reply, messageId);
  if (!review) return null;
  return { ReviewId: review.id, State: review.state, StepName: review.stepName, Reply: review.version.content, Opinion: review.opinion };
}
