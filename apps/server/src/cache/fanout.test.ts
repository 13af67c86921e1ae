import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveBannerBody, saveMenuBody, type BannerDto, type MenuDto } from '@portal/shared';
import { buildApp } from '../app.js';
import type { App } from '../http/app-types.js';
import { eventually } from '../../test/eventually.js';
import { createTestApp, envelope, type TestApp } from '../../test/harness.js';
import { saveBanner } from '../features/banners/service.js';
import { saveMenu } from '../features/menus/admin-service.js';
import type { Config } from '../config.js';

const REDIS_URL = 'redis://127.0.0.1:6379';

/**
 * Two instances of the site on one database, as behind a load balancer: a write through one
 * is seen through the other, although the other had the old answer cached.
 */
function twoInstances(name: string, start: () => Promise<TestApp>) {
  describe(name, () => {
    let one: TestApp;
    let other: App;

    beforeAll(async () => {
      one = await start();
      // A second app on the same database and settings, with its own connections and cache.
      other = await buildApp({ ...one.config } satisfies Config, { logger: false, skipMigrations: true });
    });
    afterAll(async () => {
      await other.close();
      await one.close();
    });

    const carousel = async (app: App) =>
      envelope<BannerDto[]>(await app.inject({ method: 'GET', url: '/api/XfWebApi/GetBannerList?type=2' })).Data.map((b) => b.Title);
    const menus = async (app: App) => envelope<MenuDto[]>(await app.inject({ method: 'GET', url: '/api/XfWebApi/GetMenuList' })).Data.map((m) => m.Name);

    /**
     * Until `read` answers what `expected` says, polling: the notice travels in its own time, and
     * a busy machine may take long (the bound is against a notice that never comes, not a measure).
     */
    async function seen(read: () => Promise<string[]>, expected: string[]): Promise<void> {
      let last: string[] = [];
      await eventually(async () => {
        last = await read();
        return JSON.stringify(last) === JSON.stringify(expected);
      }).catch((error: unknown) => expect.fail(`still ${JSON.stringify(last)}, expected ${JSON.stringify(expected)}: ${String(error)}`));
      expect(last).toEqual(expected);
    }

    it('shows a banner saved through one instance on the other, which had the old list cached', async () => {
      expect(await carousel(other)).toEqual([]);
      await saveBanner(one.app.services.database, saveBannerBody.parse({ Title: '年会', ImageUrl: '/uploads/a.png' }), Date.now(), '');
      await seen(() => carousel(other), ['年会']);
      expect(await carousel(one.app)).toEqual(['年会']);
    });

    it('and the other way round, for menus kept in memory too', async () => {
      expect(await menus(one.app)).toEqual([]);
      await saveMenu(other.services.database, saveMenuBody.parse({ Name: '协会动态' }), Date.now());
      await seen(() => menus(one.app), ['协会动态']);
    });
  });
}

describe.runIf(process.env.TEST_DATABASE_URL)('two instances on postgres', () => {
  twoInstances('told by LISTEN/NOTIFY', () => createTestApp('postgres'));
  twoInstances('told by Redis pub/sub', () => createTestApp('postgres', { redisUrl: REDIS_URL }));
});

// Redis also carries the notices between processes on one SQLite file (node:cluster workers).
twoInstances('two instances on one SQLite file, told by Redis pub/sub', () => createTestApp('sqlite', { redisUrl: REDIS_URL }));
