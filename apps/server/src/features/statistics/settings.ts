import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { readSettings, writeSettings } from '../site/settings.js';

/** 访问统计设置, kept in site_settings: what the office chose about counting. */
export interface StatisticsSettings {
  honourDoNotTrack: boolean;
}

const names = ['stats.honourDnt'] as const;

export async function statisticsSettings(db: Kysely<DB>): Promise<StatisticsSettings> {
  const s = await readSettings(db, names);
  return { honourDoNotTrack: s['stats.honourDnt'] === '1' };
}

/** Stores what `change` names; the rest keeps its value. */
export async function saveStatisticsSettings(db: Kysely<DB>, change: Partial<StatisticsSettings>, now: number): Promise<StatisticsSettings> {
  if (change.honourDoNotTrack !== undefined) await writeSettings(db, { 'stats.honourDnt': change.honourDoNotTrack ? '1' : '0' }, now);
  return statisticsSettings(db);
}
