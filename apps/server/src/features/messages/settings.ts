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

/** SaveMessageSettings: what the body leaves out keeps its value; answers the settings as stored. */
export async function saveMessageSettings(db: Kysely<DB>, body: SaveMessageSettingsBody, now: number): Promise<MessageSettings> {
  const current = await messageSettings(db);
  const next: MessageSettings = {
    requireName: body.RequireName ?? current.requireName,
    contact: body.Contact ?? current.contact,
    warnHours: body.WarnHours ?? current.warnHours,
  };
  await writeSettings(
    db,
    { 'messages.requireName': next.requireName ? '1' : '0', 'messages.contact': next.contact, 'messages.warnHours': String(next.warnHours) },
    now,
  );
  return next;
}
