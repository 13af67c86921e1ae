import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { freePort } from '../../test/system-processes.js';
import { startS3, type TestS3 } from '../../test/s3.js';
import { openStorages } from './open.js';
import type { Storages } from './storage.js';
import { StorageUnwritable } from './unwritable.js';
import { parseStorageUrl } from './url.js';

const MiB = 1024 * 1024;

/** `size` bytes of a pattern that differs at every offset of a part, so a misplaced part shows. */
function pattern(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i + 4 <= size; i += 4) bytes.writeUInt32BE(i, i);
  return bytes;
}

/** A stream of `bytes` in 1 MiB chunks, its length unknown to the reader, failing with `failure` after `failAfter` bytes when given. */
function streamOf(bytes: Buffer, failAfter?: number, failure = new Error('the upload broke off')): Readable {
  return Readable.from(
    (async function* chunks() {
      for (let at = 0; at < bytes.length; at += MiB) {
        if (failAfter !== undefined && at >= failAfter) throw failure;
        yield bytes.subarray(at, Math.min(at + MiB, bytes.length));
      }
      if (failAfter !== undefined) throw failure;
    })(),
  );
}

/** Where each driver keeps what, as stored paths: the folder's files or the bucket's keys. */
interface Driver {
  open(): Promise<Storages>;
  stored(): Promise<string[]>;
  stop(): Promise<void>;
}

async function localDriver(): Promise<Driver> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-storage-'));
  return {
    open: () => openStorages({ ...loadConfig({}), dataDir }),
    async stored() {
      const files = fs.readdirSync(dataDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
      return files.map((entry) => `/${path.relative(dataDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`).sort();
    },
    async stop() {
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function s3Driver(): Promise<Driver & { s3: TestS3 }> {
  const s3 = await startS3();
  return {
    s3,
    open: () => openStorages({ ...loadConfig({}), storage: parseStorageUrl(s3.storageUrl('site-a')) }),
    async stored() {
      return (await s3.keys()).map((key) => {
        expect(key.startsWith('site-a/'), key).toBe(true);
        return key.slice('site-a'.length);
      });
    },
    stop: () => s3.stop(),
  };
}

describe.each([
  ['local folder', localDriver],
  ['S3 bucket', s3Driver],
] as const)('storage in a %s', (_name, start) => {
  let driver: Driver;
  let storages: Storages;
  beforeAll(async () => {
    driver = await start();
    storages = await driver.open();
  });
  afterAll(async () => {
    storages?.close();
    await driver?.stop();
  });

  it('streams a file of unknown length in under a random name, and gives it back whole, by range and with its size and tag', async () => {
    const { storage } = storages;
    const before = await driver.stored();
    const stored = await storage.save(Readable.from([Buffer.from('%PDF-1.7\n'), Buffer.from('会议通知')]), 'PDF');
    expect(stored).toMatch(/^\/uploads\/\d{6}\/[0-9a-f]{32}\.pdf$/);
    expect(await driver.stored()).toEqual([...before, stored].sort());
    const content = Buffer.from('%PDF-1.7\n会议通知');
    expect((await storage.read(stored))?.equals(content)).toBe(true);
    const stat = await storage.stat(stored);
    expect(stat).toMatchObject({ size: content.length, etag: expect.stringMatching(/^(W\/)?"[^"]+"$/) });
    expect(Math.abs(stat!.mtime.getTime() - Date.now())).toBeLessThan(60_000);
    expect(await text((await storage.stream(stored))!)).toBe('%PDF-1.7\n会议通知');
    expect(await text((await storage.stream(stored, { start: 9, end: content.length - 1 }))!)).toBe('会议通知');
    expect(await text((await storage.stream(stored, { start: 0, end: 3 }))!)).toBe('%PDF');
  });

  it('stores a stream bigger than one upload part whole', async () => {
    const bytes = pattern(12 * MiB + 3);
    const stored = await storages.storage.save(streamOf(bytes), 'mp4');
    expect((await storages.storage.stat(stored))?.size).toBe(bytes.length);
    expect((await storages.storage.read(stored))?.equals(bytes)).toBe(true);
    const tail = await storages.storage.stream(stored, { start: 10 * MiB, end: 12 * MiB + 2 });
    expect(Buffer.concat(await tail!.toArray()).equals(bytes.subarray(10 * MiB))).toBe(true);
  });

  it('leaves nothing of a stream that fails, early or after a whole part, and fails with the stream’s own error', async () => {
    const before = await driver.stored();
    const refused = new Error('文件不得大于300M');
    await expect(storages.storage.save(streamOf(pattern(MiB), 1000, refused), 'mp4')).rejects.toBe(refused);
    await expect(storages.storage.save(streamOf(pattern(12 * MiB), 11 * MiB, refused), 'mp4')).rejects.toBe(refused);
    await expect(storages.privateStorage.save(streamOf(pattern(MiB), 0, refused), 'pdf')).rejects.toBe(refused);
    expect(await driver.stored()).toEqual(before);
  });

  it('writes at a chosen path, whole, and removes', async () => {
    const { storage } = storages;
    const original = await storage.saveBuffer(Buffer.from('GIF89a'), 'gif');
    const copy = original.replace(/\.gif$/, '.w320.webp');
    await storage.put(copy, Buffer.from('RIFF0000WEBP'));
    await storage.put(copy, Buffer.from('RIFF1111WEBP'));
    expect((await storage.read(copy))?.toString()).toBe('RIFF1111WEBP');
    expect(await driver.stored()).toEqual(expect.arrayContaining([original, copy]));
    await storage.remove(copy);
    await storage.remove(copy);
    expect(await storage.stat(copy)).toBeUndefined();
    expect(await storage.read(copy)).toBeUndefined();
    expect(await storage.stream(copy)).toBeUndefined();
    expect(await storage.stat(original)).toBeDefined();
    expect(await driver.stored()).not.toContain(copy);
  });

  it('keeps the private files apart from the public ones', async () => {
    const { storage, privateStorage } = storages;
    const paper = await privateStorage.saveBuffer(Buffer.from('%PDF-1.7 申请材料'), 'pdf');
    expect(paper).toMatch(/^\/private\/\d{6}\/[0-9a-f]{32}\.pdf$/);
    expect(privateStorage.owns(paper)).toBe(true);
    expect(storage.owns(paper)).toBe(false);
    expect(await storage.stat(paper)).toBeUndefined();
    expect(await storage.read(paper)).toBeUndefined();
    expect(await storage.stream(paper)).toBeUndefined();
    await expect(storage.remove(paper)).rejects.toThrow(/not a path of \/uploads/);
    await expect(storage.put(paper, Buffer.from('x'))).rejects.toThrow(/not a path of \/uploads/);
    expect((await privateStorage.read(paper))?.toString()).toBe('%PDF-1.7 申请材料');
    // The same name under the other prefix is another file, and not there.
    expect(await privateStorage.stat(paper.replace('/private/', '/uploads/'))).toBeUndefined();
    expect(await storage.stat(paper.replace('/private/', '/uploads/'))).toBeUndefined();
  });

  it('owns no path that could leave its area', () => {
    const { storage } = storages;
    expect(storage.owns('/uploads/202611/0123456789abcdef0123456789abcdef.png')).toBe(true);
    expect(storage.owns('/uploads/legacy/会员名单.xls')).toBe(true);
    for (const stored of [
      '/uploads/../private/202611/a.pdf',
      '/uploads/202611/../../portal.db',
      '/uploads/.hidden',
      '/uploads//a.png',
      '/uploads/a\\..\\b',
      '/uploads/',
      '/uploadsx/a.png',
      'uploads/a.png',
      '/uploads/a\u0000.png',
    ]) {
      expect(storage.owns(stored), stored).toBe(false);
    }
  });
});

/** An error answer of an S3-compatible service, as its XML body names it. */
interface Refusal {
  status: number;
  code: string;
}

/**
 * The test's S3 server behind a proxy on loopback that, while `refusal` is set, answers every
 * write (PUT, POST) with that error, as a bucket that is full or refuses this key would; reads
 * and deletes pass. The driver under test speaks to it through the SDK unchanged.
 */
async function refusingProxy(target: URL): Promise<{ url: URL; refusal?: Refusal; close(): Promise<void> }> {
  const proxy: { refusal?: Refusal } = {};
  const server = http.createServer((request, response) => {
    const refusal = proxy.refusal;
    if (refusal && (request.method === 'PUT' || request.method === 'POST')) {
      request.resume();
      request.on('end', () => {
        response.writeHead(refusal.status, { 'content-type': 'application/xml' });
        response.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${refusal.code}</Code><Message>refused</Message><RequestId>1</RequestId></Error>`);
      });
      return;
    }
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: request.method, path: request.url, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(proxy, {
    url: new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

describe('a bucket that takes no file', () => {
  let s3: TestS3;
  let proxy: Awaited<ReturnType<typeof refusingProxy>>;
  let storages: Storages;
  beforeAll(async () => {
    s3 = await startS3();
    const url = new URL(s3.storageUrl('site-b'));
    proxy = await refusingProxy(new URL(url.searchParams.get('endpoint')!));
    url.searchParams.set('endpoint', proxy.url.origin);
    storages = await openStorages({ ...loadConfig({}), storage: parseStorageUrl(url.toString()) });
  });
  afterAll(async () => {
    storages?.close();
    await proxy?.close();
    await s3?.stop();
  });

  it('fails every write with StorageUnwritable, full or read-only by the service’s answer, leaves nothing, and writes again once it may', async () => {
    const { storage, privateStorage } = storages;
    const kept = await storage.saveBuffer(Buffer.from('%PDF-1.7\n'), 'pdf');
    const before = await s3.keys();
    const refusals: [Refusal, StorageUnwritable['reason']][] = [
      [{ status: 403, code: 'AccessDenied' }, 'readOnly'],
      [{ status: 403, code: 'QuotaExceeded' }, 'full'],
      [{ status: 507, code: 'XMinioStorageFull' }, 'full'],
    ];
    for (const [refusal, reason] of refusals) {
      proxy.refusal = refusal;
      const writes = [
        storage.save(streamOf(pattern(MiB)), 'pdf'),
        // Past one part: a multipart upload, refused at its start.
        storage.save(streamOf(pattern(6 * MiB)), 'mp4'),
        privateStorage.saveBuffer(Buffer.from('%PDF-1.7\n'), 'pdf'),
        storage.put(kept.replace(/\.pdf$/, '.w320.webp'), Buffer.from('RIFF0000WEBP')),
      ];
      for (const failure of await Promise.all(writes.map((write) => write.catch((error: unknown) => error)))) {
        expect(failure, refusal.code).toBeInstanceOf(StorageUnwritable);
        expect(failure).toMatchObject({ reason, code: refusal.code });
      }
      expect(await s3.keys()).toEqual(before);
      // Reads go on.
      expect((await storage.read(kept))?.toString()).toBe('%PDF-1.7\n');
    }
    delete proxy.refusal;
    const stored = await storage.save(streamOf(pattern(MiB)), 'pdf');
    expect((await storage.stat(stored))?.size).toBe(MiB);
  });
});

describe('STORAGE_URL', () => {
  it('keeps uploads in the data folder when unset or file:', () => {
    for (const value of [undefined, '', 'file:', 'file://']) expect(parseStorageUrl(value)).toEqual({ driver: 'local' });
    expect(loadConfig({}).storage).toEqual({ driver: 'local' });
  });

  it('reads a bucket, its key prefix and the service options', () => {
    expect(parseStorageUrl('s3://portal-uploads')).toEqual({ driver: 's3', bucket: 'portal-uploads', keyPrefix: '', forcePathStyle: false });
    expect(parseStorageUrl('s3://portal/sites/main/?endpoint=http://127.0.0.1:4569&forcePathStyle=true')).toEqual({
      driver: 's3',
      bucket: 'portal',
      keyPrefix: 'sites/main/',
      endpoint: 'http://127.0.0.1:4569',
      region: 'us-east-1',
      forcePathStyle: true,
    });
    const amazon = parseStorageUrl('s3://portal?region=cn-north-1');
    expect(amazon).toMatchObject({ region: 'cn-north-1' });
    expect(amazon).not.toHaveProperty('endpoint');
  });

  it('refuses what it cannot use, in one line that says what is expected', () => {
    const refusals: [string, RegExp][] = [
      ['/srv/uploads', /^STORAGE_URL must be file: .* or s3:\/\/bucket/],
      ['file:///srv/uploads', /file: takes no path/],
      ['s3://AB', /not a bucket name/],
      ['s3://key:secret@portal', /carries no credentials/],
      ['s3://portal?endpoint=127.0.0.1:4569', /endpoint must be an http/],
      ['s3://portal?endpoint=http://127.0.0.1:4569/portal', /endpoint must be an http/],
      ['s3://portal?forcePathStyle=yes', /unknown or malformed option forcePathStyle=yes/],
      ['s3://portal?pathStyle=true', /unknown or malformed option pathStyle/],
      ['s3://portal/a//b', /may not hold/],
    ];
    for (const [value, message] of refusals) {
      expect(() => loadConfig({ STORAGE_URL: value }), value).toThrow(message);
      try {
        parseStorageUrl(value);
      } catch (error) {
        expect((error as Error).message, value).not.toContain('\n');
      }
    }
  });

  it('fails the start in one line when the bucket does not answer', async () => {
    const s3 = await startS3();
    try {
      const missing = s3.storageUrl().replace('s3://portal-test/', 's3://no-such-bucket/');
      await expect(openStorages({ ...loadConfig({}), storage: parseStorageUrl(missing) })).rejects.toThrow(
        /^STORAGE_URL: the bucket no-such-bucket at http:\/\/127\.0\.0\.1:\d+ does not answer \(.*404.*\)$/,
      );
      // Free a moment ago: nothing listens there.
      const closed = await freePort();
      const unreachable = `s3://portal-test?endpoint=http://127.0.0.1:${closed}&forcePathStyle=true`;
      await expect(openStorages({ ...loadConfig({}), storage: parseStorageUrl(unreachable) })).rejects.toThrow(
        /^STORAGE_URL: the bucket portal-test at http:\/\/127\.0\.0\.1:\d+ does not answer \(.+\)$/,
      );
    } finally {
      await s3.stop();
    }
  });
});
