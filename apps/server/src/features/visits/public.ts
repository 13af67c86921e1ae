import { z } from 'zod';
import { Code } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { ok, type Envelope } from '../../http/envelope.js';
import { totalVisits } from './service.js';

export async function visitsPublic(app: App): Promise<void> {
  const { database, config } = app.services;

  /**
   * The total visits; when a third-party analytics script is configured, Code 101 with its
   * address in Message tells the client to load it (spec §7 "The visit counter").
   */
  const answer = (total: number): Envelope<number> =>
    config.analyticsScriptUrl ? { Code: Code.Analytics, Message: config.analyticsScriptUrl, Data: total } : ok(total);

  /** Data is the total either way. */
  const totalDocs = {
    tags: ['public'],
    'x-data': z.int(),
    'x-codes': { 101: { message: '总访问量；Message 为须加载的第三方统计脚本地址（配置了统计脚本时）', data: z.int() } },
  };
  // The page that calls CountWebCount was counted when the server gave it (访问统计, which the
  // total is read from): counting the call as well would count each visit twice.
  const total = async () => answer(await totalVisits(database));
  app.get('/CountWebCount', { schema: { ...totalDocs, summary: '总访问量（页面浏览由访问统计在给出页面时计入）' } }, total);
  app.get('/GetCountWebCount', { schema: { ...totalDocs, summary: '总访问量' } }, total);
}
