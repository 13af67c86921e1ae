import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createAdminTestApp, loginAdmin, testClock } from '../../../test/admin.js';
import { engines, envelope, secondInstance, type TestApp } from '../../../test/harness.js';
import { addMember, loginMember, seedTypeChoices } from '../../../test/members.js';
import { multipartBody, multipartHeaders } from '../../../test/multipart.js';
import { sweepUploads } from './sweep.js';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
const KB = 1024;
const HOUR = 60 * 60_000;
const TOO_FREQUENT = { Code: 429, Message: '上传过于频繁，请稍后再试', Data: null };
const TOO_MUCH = { Code: 429, Message: '上传总量已达上限，请稍后再试', Data: null };

describe('upload quota settings', () => {
  it('default to 60 files and 100 MB an hour per member, 120 files and 200 MB per address, and take other numbers or 0 for none', () => {
    expect(loadConfig({}).uploadQuotas).toEqual({ member: { files: 60, bytes: 100 * KB * KB }, address: { files: 120, bytes: 200 * KB * KB } });
    const set = loadConfig({
      UPLOAD_MEMBER_FILES_PER_HOUR: '0',
      UPLOAD_MEMBER_MB_PER_HOUR: '0.5',
      UPLOAD_ADDRESS_FILES_PER_HOUR: '30',
      UPLOAD_ADDRESS_MB_PER_HOUR: '0',
    });
    expect(set.uploadQuotas).toEqual({ member: { files: 0, bytes: 512 * KB }, address: { files: 30, bytes: 0 } });
    expect(() => loadConfig({ UPLOAD_ADDRESS_MB_PER_HOUR: '-1' })).toThrow('UPLOAD_ADDRESS_MB_PER_HOUR must be a positive number or 0, got -1');
    expect(() => loadConfig({ UPLOAD_MEMBER_FILES_PER_HOUR: 'many' })).toThrow('UPLOAD_MEMBER_FILES_PER_HOUR');
  });
});

describe.each(engines)('upload quotas on %s', (engine) => {
  let t: TestApp;
  /** On PostgreSQL a second instance on the same database takes half the uploads, as behind a load balancer. */
  let apps: TestApp[];
  const clock = testClock();
  let admin: string;
  let alice: string;
  let bob: string;
  let carol: string;

  beforeAll(async () => {
    // 5 files or 350 KB a member, 8 files an address, in an hour.
    t = await createAdminTestApp(engine, { now: clock.now }, { uploadQuotas: { member: { files: 5, bytes: 350 * KB }, address: { files: 8, bytes: 0 } } });
    apps = engine === 'postgres' ? [t, await secondInstance(t, { now: clock.now })] : [t];
    admin = await loginAdmin(t);
    const types = await seedTypeChoices(t);
    for (const account of ['alice_co', 'bob_co', 'carol_co']) await addMember(t, admin, types, account);
    [alice, bob, carol] = [await loginMember(t, 'alice_co'), await loginMember(t, 'bob_co'), await loginMember(t, 'carol_co')];
  });
  afterAll(async () => {
    for (const app of apps.slice(1)) await app.close();
    await t.close();
  });

  let addresses = 0;
  /** A client address no other upload of this suite has used. */
  const freshAddress = () => `192.0.2.${++addresses}`;
  const upload = async (token: string, address: string, size = PNG.length, filename = '封面.png', on = t) =>
    envelope<string>(
      await on.app.inject({
        method: 'POST',
        url: '/api/XfWebApi/UploadContributionImage',
        headers: { ...multipartHeaders, token, 'x-forwarded-for': address },
        payload: multipartBody({ filename, content: PNG, size }),
      }),
    );
  const editorUpload = async (address: string) =>
    envelope<string>(
      await t.app.inject({
        method: 'POST',
        url: '/api/XfSysBussiness/UploadFile',
        headers: { ...multipartHeaders, token: admin, 'x-forwarded-for': address },
        payload: multipartBody({ filename: '通知.pdf', content: Buffer.from('%PDF-1.7\n'), size: 200 * KB }),
      }),
    );
  /** `count` uploads started together, spread over the instances; answers their answers. */
  const atOnce = (count: number, send: (app: TestApp, i: number) => Promise<{ Code: number; Message: string; Data: unknown }>) =>
    Promise.all(Array.from({ length: count }, (_, i) => send(apps[i % apps.length]!, i)));
  const records = async (owner?: string) => {
    let query = t.app.services.database.db.selectFrom('uploads').select('path');
    if (owner) query = query.where('owner', 'like', owner);
    return (await query.execute()).map((r) => r.path);
  };
  const filesOnDisk = (paths: string[]) => paths.filter((p) => fs.existsSync(path.join(t.config.dataDir, p))).length;
  /** A new hour: every window has ended. */
  const nextHour = () => clock.advance(HOUR + 1);

  it('lets parallel uploads of a member store exactly the hour’s files, wherever they come from', async () => {
    const answers = await atOnce(20, (app) => upload(alice, freshAddress(), PNG.length, '封面.png', app));
    expect(answers.filter((a) => a.Code === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.Code !== 200)).toEqual(Array.from({ length: 15 }, () => TOO_FREQUENT));
    const stored = answers.filter((a) => a.Code === 200).map((a) => a.Data as string);
    expect((await records('member:%')).sort()).toEqual([...stored].sort());
    expect(filesOnDisk(stored)).toBe(5);
    // Another member is not held back by it.
    expect((await upload(bob, freshAddress())).Code).toBe(200);
  });

  it('lets parallel uploads of a member store exactly the hour’s bytes, each counted at its stored size', async () => {
    nextHour();
    const before = (await records()).length;
    // 100 KB each against 350 KB: three fit, whatever the order.
    const answers = await atOnce(10, (app) => upload(carol, freshAddress(), 100 * KB, '正文图.png', app));
    expect(answers.filter((a) => a.Code === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.Code !== 200)).toEqual(Array.from({ length: 7 }, () => TOO_MUCH));
    expect(await records()).toHaveLength(before + 3);
    // Each took its request's length (the file and a few hundred bytes of form) until stored,
    // then its file's 100 KB: 50 KB are left, not 47, so a file of 48 KB still fits…
    expect((await upload(carol, freshAddress(), 48 * KB)).Code).toBe(200);
    expect((await upload(carol, freshAddress(), 1 * KB)).Code).toBe(200);
    // …until the five files are spent; and a file larger than the hour's bytes never fits.
    expect(await upload(carol, freshAddress(), 1 * KB)).toEqual(TOO_FREQUENT);
    nextHour();
    expect(await upload(carol, freshAddress(), 360 * KB)).toEqual(TOO_MUCH);
  });

  it('holds an address to its own quota across members, in parallel, and lets staff upload past it without counting', async () => {
    nextHour();
    const office = freshAddress();
    // Two members behind one address: 5 files each, but 8 from the address.
    const answers = await atOnce(20, (app, i) => upload(i % 2 === 0 ? alice : bob, office, PNG.length, '封面.png', app));
    expect(answers.filter((a) => a.Code === 200)).toHaveLength(8);
    expect(answers.filter((a) => a.Code !== 200).every((a) => a.Code === 429)).toBe(true);
    expect(await upload(carol, office)).toEqual(TOO_FREQUENT);
    expect((await upload(carol, freshAddress())).Code).toBe(200);
    // Back-office uploads have no quota and take nothing of the address's (signed in anew: the clock has moved hours).
    admin = await loginAdmin(t);
    for (let i = 0; i < 10; i++) expect((await editorUpload(office)).Code).toBe(200);
    nextHour();
    expect((await upload(carol, office)).Code).toBe(200);
  });

  it('gives back what an upload took when it is not stored', async () => {
    nextHour();
    const address = freshAddress();
    // Refused after the quota was taken: a file that is not what its name says.
    for (let i = 0; i < 6; i++) expect((await upload(alice, address, PNG.length, '封面.jpg')).Message).toBe('文件内容与扩展名不符');
    for (let i = 0; i < 5; i++) expect((await upload(alice, address)).Code).toBe(200);
    expect(await upload(alice, address)).toEqual(TOO_FREQUENT);
  });

  it('forgets the counters of ended hours with the sweep', async () => {
    const counters = async () =>
      (await t.app.services.database.db.selectFrom('rate_limit_counters').select('key').where('key', 'like', 'upload-quota:%').execute()).length;
    expect(await counters()).toBeGreaterThan(0);
    nextHour();
    await sweepUploads(t.app.services);
    expect(await counters()).toBe(0);
  });
});
