import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { readSettings, writeSettings } from '../site/settings.js';
import type { SmsProvider } from '../../sms/provider.js';

/** 短信设置, kept in site_settings: the signature and the office's switch. */
export interface SmsSettings {
  signName: string;
  enabled: boolean;
}

const names = ['sms.signName', 'sms.enabled'] as const;

export async function smsSettings(db: Kysely<DB>): Promise<SmsSettings> {
  const s = await readSettings(db, names);
  return { signName: s['sms.signName'], enabled: s['sms.enabled'] === '1' };
}

export async function saveSmsSettings(db: Kysely<DB>, change: Partial<SmsSettings>, now: number): Promise<SmsSettings> {
  const values: Record<string, string> = {};
  if (change.signName !== undefined) values['sms.signName'] = change.signName;
  if (change.enabled !== undefined) values['sms.enabled'] = change.enabled ? '1' : '0';
  await writeSettings(db, values, now);
  return smsSettings(db);
}

/** Messages go out only with a provider installed, a signature and the switch on. */
export const smsReady = (provider: SmsProvider | null, s: SmsSettings): provider is SmsProvider => provider !== null && s.enabled && s.signName !== '';
