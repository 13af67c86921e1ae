import { Code } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { ok, type Envelope } from '../../http/envelope.js';
import { countVisit, totalVisits } from './service.js';

export async function visitsPublic(app: App): Promise<void> {
  const { database, config } = app.services;

  /**
   * The total visits; when a third-party analytics script is configured, Code 101 with its
   * address in Message tells the client to load it (spec §7 "The visit counter").
   */
  const answer = (total: number): Envelope<number> =>
    config.analyticsScriptUrl ? { Code: Code.Analytics, Message: config.analyticsScriptUrl, Data: total } : ok(total);

  app.get('/CountWebCount', { schema: { tags: ['public'], summary: '记录一次访问并返回总访问量' } }, async () => answer(await countVisit(database)));
  app.get('/GetCountWebCount', { schema: { tags: ['public'], summary: '总访问量（不计数）' } }, async () => answer(await totalVisits(database)));
}
