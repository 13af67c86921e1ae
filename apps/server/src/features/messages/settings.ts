import type { Kysely } from 'kysely';
import { messageContactRules, type MessageContactRule, type SaveMessageSettingsBody } from '@portal/shared';
import type { DB } from '../../db/schema.js';
import { readSettings, writeSettings } from '../site/settings.js';

/** What the site asks of a message besides its text (site_settings, staff edit them): a name, which contact, when to warn. */
export interface MessageSettings {
  requireName: boolean;
  contact: MessageContactRule;
  warnHours: number;
}

const names = ['messages.requireName', 'messages.contact', 'messages.warnHours'] as const;

/** Unset: a name is not required, a phone or an e-mail is, warnings a day before. */
export async function messageSettings(db: Kysely<DB>): Promise<MessageSettings> {
  const s = await readSettings(db, names);
  const contact = messageContactRules.find((r) => r === s['messages.contact']) ?? 'either';
  const warnHours = s['messages.warnHours'] === '' ? 24 : Number(s['messages.warnHours']);
  return { requireName: s['messages.requireName'] === '1', contact, warnHours };
}

export async function saveMessageSettings(db: Kysely<DB>, body: SaveMessageSettingsBody, now: number): Promise<void> {
  await writeSettings(
    db,
    { 'messages.requireName': body.RequireName ? '1' : '0', 'messages.contact': body.Contact, 'messages.warnHours': String(body.WarnHours) },
    now,
  );
}
