import type { Kysely } from 'kysely';
import { messageBoardMessages, systemMessages, type SaveMessageBody } from '@portal/shared';
import { withKeyLocked } from '../../db/key-lock.js';
import type { DB } from '../../db/schema.js';
import type { Services } from '../../http/app-types.js';
import { badRequest } from '../../http/envelope.js';
import type { MemberPrincipal } from '../members/guard.js';
import { consumeCaptcha } from '../system/auth/captcha.js';
import { askerKey, openCategory, receiveMessage } from './intake.js';
import { messageSettings, type MessageSettings } from './settings.js';
import type { Consent } from '../privacy/consents.js';

/**
 * SaveMessage: a message from the 在线留言 page. Everything that can be refused is checked
 * before the captcha is used up (a wrong field costs no new captcha), then once more with the
 * address's key held, where the limit is counted and the row and its attachment are written in
 * one transaction: a refusal stores nothing.
 */

export const ATTACHMENT_KIND = 'messageFile';

/** The owner an upload of UploadMessageFile is recorded under, and the one SaveMessage accepts. */
export const uploaderOf = (member: MemberPrincipal | null) => (member ? (`member:${member.memberId}` as const) : 'visitor');

/** The site's requirements: a name when asked, and the phone, the e-mail, either or both. */
function requirementRefusal(body: SaveMessageBody, s: MessageSettings): string | null {
  if (s.requireName && !body.Name) return messageBoardMessages.nameRequired;
  const { Phone: phone, Email: email } = body;
  if (s.contact === 'phone' && !phone) return messageBoardMessages.phoneRequired;
  if (s.contact === 'email' && !email) return messageBoardMessages.emailRequired;
  if (s.contact === 'both') return !phone ? messageBoardMessages.phoneRequired : !email ? messageBoardMessages.emailRequired : null;
  if (s.contact === 'either' && !phone && !email) return messageBoardMessages.contactRequired;
  return null;
}

/** The attachment names an upload of this sender that no message holds yet. */
async function checkAttachment(db: Kysely<DB>, path: string, owner: string): Promise<void> {
  if (!path) return;
  const upload = await db
    .selectFrom('uploads')
    .select('id')
    .where('path', '=', path)
    .where('kind', '=', ATTACHMENT_KIND)
    .where('owner', '=', owner)
    .where('adopted', '=', 0)
    .executeTakeFirst();
  if (!upload) throw badRequest(messageBoardMessages.attachmentMissing);
}

async function checked(db: Kysely<DB>, body: SaveMessageBody, owner: string): Promise<void> {
  const refusal = requirementRefusal(body, await messageSettings(db));
  if (refusal) throw badRequest(refusal);
  await openCategory(db, body.CategoryId);
  await checkAttachment(db, body.Attachment, owner);
}

/** Stores the message; answers its 查询码. */
export async function askMessage(
  { database, now }: Pick<Services, 'database' | 'now'>,
  body: SaveMessageBody,
  member: MemberPrincipal | null,
  from: { address: string; group: string },
  consent: Consent,
): Promise<string> {
  const owner = uploaderOf(member);
  await checked(database.db, body, owner);
  if (!member) {
    if (!body.Captcha || !body.CaptchaTicket) throw badRequest(messageBoardMessages.captchaRequired);
    if (!(await consumeCaptcha(database, body.CaptchaTicket, body.Captcha, now()))) throw badRequest(systemMessages.captchaInvalid);
  }
  return withKeyLocked(database, askerKey(from.group), async (trx) => {
    await checked(trx, body, owner);
    const { queryCode } = await receiveMessage(
      database,
      trx,
      {
        categoryId: body.CategoryId,
        origin: 'web',
        subject: body.Subject,
        content: body.Content,
        attachment: body.Attachment,
        askerName: body.Name,
        phone: body.Phone,
        email: body.Email,
        memberId: member?.memberId ?? null,
        mayPublish: body.MayPublish,
        ip: from.address,
        group: from.group,
        consent,
      },
      now(),
    );
    // Named by this message: the upload sweep keeps it, and no other message can take it.
    if (body.Attachment) await trx.updateTable('uploads').set({ adopted: 1 }).where('path', '=', body.Attachment).execute();
    return queryCode;
  });
}
