import { messages, saveStatisticsSettingsBody, statisticsSettingsDto, type StatisticsSettingsDto } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { ok } from '../../http/envelope.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { saveStatisticsSettings, statisticsSettings, type StatisticsSettings } from './settings.js';

const docs = { tags: ['statistics (back office)'] };
const toDto = (s: StatisticsSettings): StatisticsSettingsDto => ({ HonourDoNotTrack: s.honourDoNotTrack });

/** 访问统计设置 (docs/statistics.md): whether browsers asking not to be tracked are counted. */
export async function statisticsSettingsAdmin(app: App): Promise<void> {
  const { database, now } = app.services;
  const { db } = database;

  app.get(
    '/GetStatisticsSettings',
    {
      onRequest: requireAdmin('stats:visits'),
      schema: { ...docs, summary: '访问统计设置：是否遵从浏览器的“请勿跟踪”（DNT）与“全局隐私控制”（GPC）', 'x-data': statisticsSettingsDto },
    },
    async () => ok(toDto(await statisticsSettings(db))),
  );

  app.post(
    '/SaveStatisticsSettings',
    {
      onRequest: requireAdmin('stats:setting'),
      schema: { ...docs, summary: '保存访问统计设置；未传的字段保持原值', body: saveStatisticsSettingsBody, 'x-data': statisticsSettingsDto },
    },
    async (request) => {
      const { HonourDoNotTrack } = request.body;
      const saved = await adminWrite(
        request,
        { action: 'stats:setting', target: '访问统计设置', detail: (s) => (s.honourDoNotTrack ? '遵从“请勿跟踪”' : '不遵从“请勿跟踪”') },
        () => saveStatisticsSettings(db, { honourDoNotTrack: HonourDoNotTrack }, now()),
      );
      return ok(toDto(saved), messages.saved);
    },
  );
}
