import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteInfoDto } from '@portal/shared';
import { createTestApp, enginesFor, envelope, type TestApp } from '../../../test/harness.js';

describe.each(enginesFor('neutral'))('site info on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { mobileSiteUrl: 'https://m.example.org' });
  });
  afterAll(() => t.close());

  it('answers the configured identity of the site', async () => {
    const body = envelope<SiteInfoDto>(await t.app.inject({ method: 'GET', url: '/api/XfWebApi/GetSiteInfo' }));
    const { site } = t.config;
    expect(body).toEqual({
      Code: 200,
      Message: '操作成功',
      Data: {
        Name: site.name,
        EnglishName: site.englishName,
        Phone: site.phone,
        Email: site.email,
        Address: site.address,
        Postcode: site.postcode,
        Copyright: site.copyright,
        Icp: site.icp,
        PoliceFiling: site.policeFiling,
        MobileSiteUrl: 'https://m.example.org',
        MemberDirectory: 'public',
      },
    });
  });
});
