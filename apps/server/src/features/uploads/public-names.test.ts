import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContentAdminTest, type ContentAdminTest } from '../../../test/content-admin.js';
import { enginesFor, envelope } from '../../../test/harness.js';
import { multipartBody, multipartHeaders } from '../../../test/multipart.js';

const ZIP = Buffer.concat([Buffer.from('PK', 'latin1'), Buffer.from([3, 4, 0x14, 0, 0, 0, 8, 0]), Buffer.alloc(64)]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), Buffer.from('IHDR', 'latin1'), Buffer.alloc(64)]);

describe.each(enginesFor('neutral'))('public uploads keep their original names on %s', (engine) => {
  let c: ContentAdminTest;
  beforeAll(async () => {
    c = await createContentAdminTest(engine);
  });
  afterAll(() => c.t.close());

  const upload = async (filename: string, content: Buffer, kind: string) => {
    const res = await c.t.app.inject({
      method: 'POST',
      url: `/api/XfSysBussiness/UploadFile?kind=${kind}`,
      headers: { ...multipartHeaders, token: c.admin },
      payload: multipartBody({ filename, content }),
    });
    const answer = envelope<string>(res);
    expect(answer.Code, answer.Message).toBe(200);
    return answer.Data;
  };

  it('serves an article attachment under the name it was uploaded with, stored under a random one', async () => {
    const stored = await upload('2024年会员大会通知.docx', ZIP, 'file');
    expect(stored).toMatch(/^\/uploads\/.+\.docx$/);
    expect(stored).not.toContain('会员大会');
    const res = await c.t.app.inject({ method: 'GET', url: stored });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`inline; filename="2024_______.docx"; filename*=UTF-8''${encodeURIComponent('2024年会员大会通知.docx')}`);
    // Asked for again with its validator, the file is not sent, and no name with it.
    const again = await c.t.app.inject({ method: 'GET', url: stored, headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.headers['content-disposition']).toBeUndefined();
  });

  it('leaves pictures as they are and answers a missing file without a name', async () => {
    const picture = await upload('活动照片.png', PNG, 'image');
    const shown = await c.t.app.inject({ method: 'GET', url: picture });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-disposition']).toBeUndefined();
    const missing = await c.t.app.inject({ method: 'GET', url: '/uploads/2020/01/none.pdf' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-disposition']).toBeUndefined();
  });
});
