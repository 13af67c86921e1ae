import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContentAdminTest, type ContentAdminTest } from '../../../test/content-admin.js';
import { eventually } from '../../../test/eventually.js';
import { enginesFor, envelope } from '../../../test/harness.js';
import { multipartBody, multipartHeaders, type MultipartFile } from '../../../test/multipart.js';
import { SmallDisk } from '../../../test/small-disk.js';
import { localStorage } from '../../storage/local.js';
import type { Storage } from '../../storage/storage.js';
import { storageOutageLog, StorageUnwritable } from '../../storage/unwritable.js';

const PDF = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
const KB = 1024;
const FULL = { Code: 500, Message: '存储空间不足，请联系管理员', Data: null };
const READ_ONLY = { Code: 500, Message: '存储不可写，请联系管理员', Data: null };

/** The files under `folder`, as paths relative to it. */
const filesIn = (folder: string) =>
  fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .sort();

describe.each(enginesFor('neutral'))('uploads while the storage takes no file on %s', (engine) => {
  let c: ContentAdminTest;
  /** The public uploads folder, on a disk of 256 KB. */
  let root: string;
  let disk: SmallDisk;
  /** Folders made immutable, made writable again however a test ends. */
  const immutable: string[] = [];

  beforeAll(async () => {
    c = await createContentAdminTest(engine);
    root = path.join(c.t.config.dataDir, 'uploads');
    disk = SmallDisk.mount(root, '256k');
  });
  afterAll(async () => {
    for (const folder of immutable) disk.immutable(folder, false);
    disk.unmount();
    await c.t.close();
  });

  const post = async (url: string, token: string, file: MultipartFile) =>
    envelope<string>(await c.t.app.inject({ method: 'POST', url, headers: { ...multipartHeaders, token }, payload: multipartBody(file) }));
  const editorUpload = (file: MultipartFile) => post('/api/XfSysBussiness/UploadFile', c.admin, file);
  const contributionImage = (file: MultipartFile) => post('/api/XfWebApi/UploadContributionImage', c.member, file);
  const records = async () => (await c.t.app.services.database.db.selectFrom('uploads').select('path').execute()).map((r) => r.path).sort();
  /** What the folder and the table hold, as stored paths. */
  const kept = async () => ({ files: filesIn(root).map((file) => `/uploads/${file}`), records: await records() });

  it('answers 存储空间不足 for a full disk, keeps no part of the file and no record, and stores again once there is room', async () => {
    const before = await kept();
    for (let i = 0; i < 3; i++) expect(await editorUpload({ filename: '会议纪要.pdf', content: PDF, size: 1024 * KB })).toEqual(FULL);
    expect(await contributionImage({ filename: '封面.png', content: PNG, size: 600 * KB })).toEqual(FULL);
    expect(await kept()).toEqual(before);

    disk.resize('16m');
    const stored = await editorUpload({ filename: '会议纪要.pdf', content: PDF, size: 1024 * KB });
    expect(stored.Code, stored.Message).toBe(200);
    expect(fs.statSync(path.join(root, stored.Data.slice('/uploads/'.length))).size).toBe(1024 * KB);
    expect(await kept()).toEqual({ files: [...before.files, stored.Data].sort(), records: [...before.records, stored.Data].sort() });
  });

  it('answers 存储不可写 for a read-only disk or a folder no one may write in, and stores again once it can', async () => {
    const small = { filename: '通知.pdf', content: PDF, size: 10 * KB };
    const first = await editorUpload(small);
    expect(first.Code, first.Message).toBe(200);
    const before = await kept();

    disk.readOnly();
    expect(await editorUpload(small)).toEqual(READ_ONLY);
    expect(await contributionImage({ filename: '封面.png', content: PNG, size: 10 * KB })).toEqual(READ_ONLY);
    expect(await kept()).toEqual(before);
    disk.resize('16m');
    expect((await editorUpload(small)).Code).toBe(200);

    // This month's folder made immutable: root may not create a file in it either (EPERM).
    const month = path.dirname(path.join(root, first.Data.slice('/uploads/'.length)));
    disk.immutable(month, true);
    immutable.push(month);
    const during = await kept();
    expect(await editorUpload(small)).toEqual(READ_ONLY);
    expect(await kept()).toEqual(during);
    disk.immutable(month, false);
    expect((await editorUpload(small)).Code).toBe(200);
  });
});

describe('the storage outage report', () => {
  let folder: string;
  let disk: SmallDisk;
  beforeAll(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-outage-'));
    disk = SmallDisk.mount(folder, '64k');
  });
  afterAll(() => {
    disk.unmount();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('says a full storage once however many uploads meet it, with its cause, and once more when a file fits again', async () => {
    const lines: { level: number; msg: string; err?: { code?: string }; refused?: number }[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as (typeof lines)[number]);
        done();
      },
    });
    const storage = localStorage(folder);
    // The probes' writes pass a gate the test may close, so that none is under way while the disk
    // is resized (a write cut by the remount is not what this test is about).
    let gate: Promise<void> | undefined;
    let waiting = 0;
    const probed: Storage = {
      ...storage,
      put: async (stored, body) => {
        if (gate) {
          waiting += 1;
          await gate;
        }
        return storage.put(stored, body);
      },
    };
    // Probed every 20 ms instead of every 5 s: the test waits for probes, not for time.
    const outages = storageOutageLog([probed], pino({ level: 'info' }, sink), Date.now, 20);
    try {
      for (let i = 0; i < 20; i++) {
        const failure = (await storage.save(Readable.from([Buffer.alloc(256 * KB)]), 'pdf').catch((error: unknown) => error)) as StorageUnwritable;
        expect(failure).toBeInstanceOf(StorageUnwritable);
        expect(failure.reason).toBe('full');
        outages.report(failure);
      }
      expect(lines).toMatchObject([{ msg: 'upload storage unwritable: uploads refused until it takes files again', err: { code: 'ENOSPC' } }]);
      // The refused uploads leave nothing. The probe, every 20 ms meanwhile, may be caught writing
      // its own file; that it leaves nothing either is checked once it has stopped, below.
      expect(filesIn(folder).filter((name) => !name.startsWith('write-probe.tmp'))).toEqual([]);
      // Still full: the probes' megabyte does not fit, and nothing more is said.
      await eventually(() => outages.probesStillAway >= 3);
      expect(outages.ongoing).toBe(true);
      expect(lines).toHaveLength(1);

      let open!: () => void;
      gate = new Promise((resolve) => (open = resolve));
      await eventually(() => waiting > 0);
      disk.resize('4m');
      open();
      await eventually(() => !outages.ongoing);
      expect(lines[1]).toMatchObject({ msg: 'upload storage writable again', refused: 20 });
      // The probe leaves nothing behind.
      expect(filesIn(folder)).toEqual([]);
    } finally {
      outages.stop();
    }
  });
});
