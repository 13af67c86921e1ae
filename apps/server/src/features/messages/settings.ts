import type { Kysely } from 'kysely';
import { messageBoardMessages, messageContactRules, type MessageContactRule, type SaveMessageSettingsBody } from '@portal/shared';
import type { Database } from '../../db/connection.js';
import type { DB } from '../../db/schema.js';
import { badRequest } from '../../http/envelope.js';
import { publicBoardChanged } from './publication.js';
import { menuReviewFlow } from '../review/flows.js';
import { readSettings, writeSettings } from '../site/settings.js';

/** What the site asks of a message besides its text (site_settings, staff edit them): a name, which contact, when to warn. */
export interface MessageSettings {
  requireName: boolean;
  contact: MessageContactRule;
  warnHours: number;
  /** 答复须经审核: the menu whose 审核流程 reviews replies; 0 when replies are out when saved. */
  replyReviewMenuId: number;
}

const names = ['messages.requireName', 'messages.contact', 'messages.warnHours', 'messages.replyReviewMenuId'] as const;

/** Unset: a name is not required, a phone or an e-mail is, warnings a day before, replies out when saved. */
export async function messageSettings(db: Kysely<DB>): Promise<MessageSettings> {
  const s = await readSettings(db, names);
  const contact = messageContactRules.find((r) => r === s['messages.contact']) ?? 'either';
  const warnHours = s['messages.warnHours'] === '' ? 24 : Number(s['messages.warnHours']);
  return { requireName: s['messages.requireName'] === '1', contact, warnHours, replyReviewMenuId: Number(s['messages.replyReviewMenuId'] || 0) };
}

/**
 * SaveMessageSettings: what the body leaves out keeps its value; answers the settings as stored.
 * A menu named for 答复须经审核 must exist (404 栏目不存在) and have a chain, its own or inherited:
 * one without would send every reply back as refused.
 */
export async function saveMessageSettings(database: Database, body: SaveMessageSettingsBody, now: number): Promise<MessageSettings> {
  const { db } = database;
  const current = await messageSettings(db);
  const next: MessageSettings = {
    requireName: body.RequireName ?? current.requireName,
    contact: body.Contact ?? current.contact,
    warnHours: body.WarnHours ?? current.warnHours,
    replyReviewMenuId: body.ReplyReviewMenuId ?? current.replyReviewMenuId,
  };
  if (body.ReplyReviewMenuId && !(await menuReviewFlow(database, body.ReplyReviewMenuId))) throw badRequest(messageBoardMessages.reviewMenuNoChain);
  await writeSettings(
    db,
    {
      'messages.requireName': next.requireName ? '1' : '0',
      'messages.contact': next.contact,
      'messages.warnHours': String(next.warnHours),
      'messages.replyReviewMenuId': String(next.replyReviewMenuId),
    },
    now,
  );
  publicBoardChanged(database);
  return next;
}
