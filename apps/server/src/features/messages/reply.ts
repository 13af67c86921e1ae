import type { Kysely } from 'kysely';
import { formatCst, MessageState, messageBoardMessages, messageStateNames, ReviewKind } from '@portal/shared';
import type { Database } from '../../db/connection.js';
import type { DB } from '../../db/schema.js';
import { sanitizeRichText } from '../../content/sanitize.js';
import { stripHtml } from '../../content/plain-text.js';
import { badRequest } from '../../http/envelope.js';
import type { AdminPrincipal } from '../system/auth/access.js';
import type { MailContext } from '../mail/context.js';
import { enqueueMails, nudgeOutbox } from '../mail/outbox.js';
import { reviewChain, type ReviewChain } from '../review/flows.js';
import { pendingSubjectReview, submitSubjectReview } from '../review/subjects.js';
import { replyWorkingDays } from './deadline.js';
import { addNote, move, open } from './handling.js';
import { messageInScope, type MessageScope } from './scope.js';
import { messageSettings } from './settings.js';

/**
 * ReplyMessage: the reply is out when saved, or — with 答复须经审核 set in 留言设置 — it goes
 * into the review chain of the menu named there (features/review, the articles' 三审) and is out
 * only when its last step approves (reply-review.ts). Out means: the message is 已答复, the asker
 * reads the reply by 查询码 and is mailed.
 */

type Stored = Awaited<ReturnType<typeof messageInScope>>;

/** The asker's mail when the reply is out: the subject and where to read the reply, by their 查询码. */
function replyMail(m: { email: string; subject: string; query_code: string }, mail: MailContext) {
  return {
    recipient: m.email,
    subject: `【${mail.siteName}】您的留言已答复`,
    body: [
      `您好：`,
      ``,
      `您在${mail.siteName}的留言「${m.subject}」已有答复。`,
      `请在网站「在线留言」页凭查询码 ${m.query_code} 查看答复并评价。`,
      mail.baseUrl ? `网站地址：${mail.baseUrl}` : '',
      ``,
      `此邮件由系统自动发送，请勿直接回复。`,
    ]
      .filter((line, i, all) => line !== '' || all[i - 1] !== '')
      .join('\n'),
  };
}

export interface OutgoingReply {
  reply: string;
  repliedBy: string;
}

/**
 * The reply goes out (inside the caller's transaction): the message is 已答复 with the working
 * days it took, and the asker is mailed through the outbox when they left an e-mail and mail is
 * configured. Answers whether a mail was queued, so the caller wakes the outbox once committed.
 */
export async function sendReply(
  database: Database,
  trx: Kysely<DB>,
  m: Stored,
  r: OutgoingReply,
  at: { cst: string; now: number; mail: MailContext | null },
): Promise<boolean> {
  const values = {
    state: MessageState.Answered,
    reply: r.reply,
    replied_at: at.cst,
    replied_by: r.repliedBy,
    reply_workdays: await replyWorkingDays(database, trx, m.created_at, at.cst),
    updated_at: at.cst,
  };
  await move(trx, m.id, open, values, messageBoardMessages.closed);
  if (!at.mail || !m.email) return false;
  await enqueueMails(trx, [replyMail(m, at.mail)], at.now);
  return true;
}

/** The chain replies go through, undefined when replies are out when saved; refused when the named menu has lost its chain. */
async function replyChain(database: Database): Promise<ReviewChain | undefined> {
  const { replyReviewMenuId } = await messageSettings(database.db);
  if (replyReviewMenuId === 0) return undefined;
  const chain = await reviewChain(database, replyReviewMenuId);
  // Closed rather than open: a site that requires review never sends a reply unreviewed.
  if (!chain) throw badRequest(messageBoardMessages.reviewMenuNoChain);
  return chain;
}

/** ReplyMessage: sanitised, then out or submitted; answers the message the caller is told. */
export async function replyMessage(
  database: Database,
  r: { messageId: number; reply: string },
  by: AdminPrincipal,
  scope: MessageScope,
  context: { now: number; mail: MailContext | null },
): Promise<string> {
  const reply = sanitizeRichText(r.reply);
  if (stripHtml(reply).trim() === '' && !/<img\b/i.test(reply)) throw badRequest(messageBoardMessages.replyRequired);
  const chain = await replyChain(database);
  const outgoing = { reply, repliedBy: by.fullName || by.account };
  const queued = await database.db.transaction().execute(async (trx) => {
    const m = await messageInScope(trx, r.messageId, scope);
    if (m.state !== MessageState.Handling && m.state !== MessageState.Waiting) throw badRequest(messageBoardMessages.closed);
    if (await pendingSubjectReview(trx, ReviewKind.Reply, m.id)) throw badRequest(messageBoardMessages.replyInReview);
    const at = formatCst(context.now);
    if (chain) {
      const version = { title: m.subject, content: outgoing.reply, author: outgoing.repliedBy };
      await submitSubjectReview(trx, { kind: ReviewKind.Reply, subjectId: m.id, menuId: chain.owner.id, steps: chain.steps, author: by, version, at });
      await addNote(trx, m.id, 'review', `答复已提交审核（${chain.steps[0]?.name ?? ''}）`, by, at);
      return false;
    }
    const mailed = await sendReply(database, trx, m, outgoing, { cst: at, now: context.now, mail: context.mail });
    await addNote(trx, m.id, 'reply', `${messageStateNames[m.state as 0 | 1]} → 已答复`, by, at);
    return mailed;
  });
  if (queued) nudgeOutbox(database);
  return chain ? messageBoardMessages.replySubmitted : '';
}
