import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContentAdminTest, type ContentAdminTest } from '../../../test/content-admin.js';
import { enginesFor, envelope } from '../../../test/harness.js';
import { multipartBody, multipartHeaders, multipartStream, type MultipartFile } from '../../../test/multipart.js';
import { matchesSignature, TextChecker, uploadRules } from './checks.js';

const MB = 1024 * 1024;
const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

/** The first bytes of real files of each kind. */
const signatures = {
  png: bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0, 0, 0, 0x0d], 'IHDR'),
  jpg: bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF\0'),
  gif: bytes('GIF89a', [1, 0, 1, 0]),
  bmp: bytes('BM', [0x46, 0, 0, 0, 0, 0, 0, 0]),
  webp: bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '),
  pdf: bytes('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'),
  zip: bytes('PK', [3, 4, 0x14, 0, 0, 0, 8, 0]),
  ole2: bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], [0, 0, 0, 0]),
  rar: bytes('Rar!', [0x1a, 0x07, 0x01, 0x00]),
  id3: bytes('ID3', [4, 0, 0, 0, 0, 0, 0x21]),
  mpegFrame: bytes([0xff, 0xfb, 0x90, 0x64], [0, 0, 0, 0, 0, 0, 0, 0]),
  mp4: bytes([0, 0, 0, 0x18], 'ftypmp42', [0, 0, 0, 0]),
  exe: bytes('MZ', [0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff]),
  html: Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>'),
  text: Buffer.from('会员名单\n一、理事单位\n'),
};

describe('upload checks', () => {
  it('knows each kind by its first bytes', () => {
    const expected: [string, Buffer][] = [
      ['png', signatures.png],
      ['jpg', signatures.jpg],
      ['jpeg', signatures.jpg],
      ['gif', signatures.gif],
      ['bmp', signatures.bmp],
      ['webp', signatures.webp],
      ['pdf', signatures.pdf],
      ['zip', signatures.zip],
      ['docx', signatures.zip],
      ['xlsx', signatures.zip],
      ['pptx', signatures.zip],
      ['doc', signatures.ole2],
      ['xls', signatures.ole2],
      ['ppt', signatures.ole2],
      ['rar', signatures.rar],
      ['mp3', signatures.id3],
      ['mp3', signatures.mpegFrame],
      ['mp4', signatures.mp4],
    ];
    for (const [extension, head] of expected) expect(matchesSignature(extension, head), extension).toBe(true);
    for (const extension of ['png', 'jpg', 'gif', 'pdf', 'docx', 'doc', 'mp3', 'mp4', 'exe', 'html']) {
      expect(matchesSignature(extension, signatures.exe), extension).toBe(false);
      expect(matchesSignature(extension, signatures.html), extension).toBe(false);
    }
    expect(matchesSignature('mp4', signatures.pdf)).toBe(false);
    expect(matchesSignature('png', Buffer.alloc(0))).toBe(false);
  });

  it('takes text only as UTF-8 without NUL bytes, even split mid-character', () => {
    const check = (...chunks: Buffer[]) => {
      const text = new TextChecker();
      return chunks.every((c) => text.push(c)) && text.end();
    };
    const chinese = Buffer.from('中文');
    expect(check(chinese.subarray(0, 2), chinese.subarray(2))).toBe(true);
    expect(check(chinese.subarray(0, 2))).toBe(false);
    expect(check(Buffer.from([0xff, 0xfe, 0x41, 0x00]))).toBe(false);
    expect(check(Buffer.from('abc\0def'))).toBe(false);
  });

  it('holds the limits and messages of the spec', () => {
    expect(uploadRules.file).toMatchObject({
      maxBytes: 52_428_800,
      sizeMessage: '文件不得大于50M',
      typeMessage: '上传格式需为：.docx/.doc/.xlsx/.xls/.pptx/.ppt/.pdf/.rar/.zip/.txt',
    });
    expect(uploadRules.media).toMatchObject({ maxBytes: 314_572_800, sizeMessage: '文件不得大于300M', typeMessage: '上传格式需为：.mp3/.mp4' });
    expect(uploadRules.contributionImage).toMatchObject({
      maxBytes: 943_718.4,
      sizeMessage: '图片不得大于900kb',
      typeMessage: '上传格式需为：.jpg/.png/.jpeg',
    });
    expect(uploadRules.memberAttachment).toMatchObject({ maxBytes: 10 * MB, sizeMessage: '文件不得大于10MB' });
  });
});

describe.each(enginesFor('neutral'))('back-office uploads on %s', (engine) => {
  let c: ContentAdminTest;
  let root: string;
  const stored = () => (fs.existsSync(root) ? fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length : 0);
  /** Signed in as the super administrator unless `token` is given (undefined: no token at all). */
  const upload = async (file: MultipartFile | undefined, options: { query?: string; fields?: Record<string, string>; token?: string } = {}) => {
    const token = 'token' in options ? options.token : c.admin;
    return envelope<string>(
      await c.t.app.inject({
        method: 'POST',
        url: `/api/XfSysBussiness/UploadFile${options.query ?? ''}`,
        headers: token ? { ...multipartHeaders, token } : multipartHeaders,
        payload: multipartBody(file, options.fields),
      }),
    );
  };
  /** A big upload, streamed in and refused or stored without being held in memory. */
  const uploadStream = async (file: MultipartFile & { size: number }, query = '') =>
    envelope<string>(
      await c.t.app.inject({
        method: 'POST',
        url: `/api/XfSysBussiness/UploadFile${query}`,
        headers: { ...multipartHeaders, token: c.admin },
        payload: multipartStream(file),
      }),
    );

  beforeAll(async () => {
    c = await createContentAdminTest(engine);
    // The local driver's folder of public files.
    root = path.join(c.t.config.dataDir, 'uploads');
  });
  afterAll(() => c.t.close());

  it('stores a valid file of each kind and serves it back as an inert download', async () => {
    const accepted: [string, Buffer, string?][] = [
      ['现场照片.PNG', signatures.png],
      ['photo.jpeg', signatures.jpg],
      ['动图.gif', signatures.gif],
      ['scan.bmp', signatures.bmp],
      ['pic.webp', signatures.webp],
      ['通知.pdf', signatures.pdf],
      ['名单.xlsx', signatures.zip],
      ['旧表.xls', signatures.ole2],
      ['资料.rar', signatures.rar],
      ['说明.txt', signatures.text],
      ['讲话.mp3', signatures.id3],
      ['宣传片.mp4', signatures.mp4],
    ];
    for (const [filename, content] of accepted) {
      const body = await upload({ filename, content });
      expect(body, filename).toEqual({ Code: 200, Message: '上传成功', Data: expect.stringMatching(/^\/uploads\/\d{6}\/[0-9a-f]{32}\.[a-z0-9]+$/) });
      expect(body.Data.endsWith(`.${path.extname(filename).slice(1).toLowerCase()}`)).toBe(true);
    }
    const png = await upload({ filename: 'logo.png', content: signatures.png });
    const served = await c.t.app.inject({ method: 'GET', url: png.Data });
    expect(served.statusCode).toBe(200);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(signatures.png)).toBe(true);
  });

  it('checks a file as the kind asked for, by query or by a field before the file', async () => {
    expect((await upload({ filename: 'a.png', content: signatures.png }, { query: '?kind=image' })).Code).toBe(200);
    expect((await upload({ filename: 'a.pdf', content: signatures.pdf }, { fields: { kind: 'file' } })).Code).toBe(200);
    expect(await upload({ filename: 'a.png', content: signatures.png }, { query: '?kind=media' })).toEqual({
      Code: 400,
      Message: '上传格式需为：.mp3/.mp4',
      Data: null,
    });
    expect(await upload({ filename: 'a.mp4', content: signatures.mp4 }, { fields: { kind: 'file' } })).toEqual({
      Code: 400,
      Message: '上传格式需为：.docx/.doc/.xlsx/.xls/.pptx/.ppt/.pdf/.rar/.zip/.txt',
      Data: null,
    });
    expect(await upload({ filename: 'a.pdf', content: signatures.pdf }, { query: '?kind=image' })).toEqual({
      Code: 400,
      Message: '上传格式需为：.jpg/.jpeg/.png/.gif/.bmp/.webp',
      Data: null,
    });
    expect((await upload({ filename: 'a.png', content: signatures.png }, { query: '?kind=exe' })).Code).toBe(400);
    expect((await upload({ filename: 'a.png', content: signatures.png }, { fields: { kind: 'exe' } })).Code).toBe(400);
  });

  it('refuses a wrong extension, and content that is not what its name says, storing nothing', async () => {
    const before = stored();
    const refused: [string, Buffer, string][] = [
      ['setup.exe', signatures.exe, '上传格式需为：.docx/.doc/.xlsx/.xls/.pptx/.ppt/.pdf/.rar/.zip/.txt'],
      ['page.html', signatures.html, '上传格式需为：.docx/.doc/.xlsx/.xls/.pptx/.ppt/.pdf/.rar/.zip/.txt'],
      ['noextension', signatures.png, '上传格式需为：.docx/.doc/.xlsx/.xls/.pptx/.ppt/.pdf/.rar/.zip/.txt'],
      ['photo.jpg', signatures.exe, '文件内容与扩展名不符'],
      ['logo.png', signatures.html, '文件内容与扩展名不符'],
      ['video.mp4', signatures.pdf, '文件内容与扩展名不符'],
      ['report.docx', signatures.exe, '文件内容与扩展名不符'],
      ['notes.txt', signatures.exe, '文件内容与扩展名不符'],
      ['notes.txt', Buffer.from([0xc4, 0xe3, 0xba, 0xc3, 0xa3]), '文件内容与扩展名不符'],
      ['tiny.png', Buffer.from([0x89, 0x50]), '文件内容与扩展名不符'],
      ['empty.pdf', Buffer.alloc(0), '请选择要上传的文件'],
    ];
    for (const [filename, content, message] of refused)
      expect(await upload({ filename, content }), filename).toEqual({ Code: 400, Message: message, Data: null });
    expect(await upload(undefined, { fields: { kind: 'image' } })).toEqual({ Code: 400, Message: '请选择要上传的文件', Data: null });
    expect(await upload({ field: 'image', filename: 'a.png', content: signatures.png })).toEqual({ Code: 400, Message: '请选择要上传的文件', Data: null });
    // The body ends inside the file, as when the connection drops.
    const cutShort = multipartBody({ filename: 'cut.pdf', content: signatures.pdf, size: 4096 }).subarray(0, 2048);
    const cut = await c.t.app.inject({
      method: 'POST',
      url: '/api/XfSysBussiness/UploadFile',
      headers: { ...multipartHeaders, token: c.admin },
      payload: cutShort,
    });
    expect(envelope(cut)).toEqual({ Code: 400, Message: '上传失败', Data: null });
    const notMultipart = await c.t.app.inject({ method: 'POST', url: '/api/XfSysBussiness/UploadFile', headers: { token: c.admin }, payload: { file: 'x' } });
    expect(envelope(notMultipart).Code).not.toBe(200);
    expect(stored()).toBe(before);
  });

  it('refuses a file just over its limit, cutting it off while it streams', async () => {
    const before = stored();
    expect(await uploadStream({ filename: 'big.png', content: signatures.png, size: uploadRules.image.maxBytes + 1 })).toEqual({
      Code: 400,
      Message: '图片不得大于10M',
      Data: null,
    });
    expect(await uploadStream({ filename: 'big.pdf', content: signatures.pdf, size: uploadRules.file.maxBytes + 1 })).toEqual({
      Code: 400,
      Message: '文件不得大于50M',
      Data: null,
    });
    expect(stored()).toBe(before);
    expect((await uploadStream({ filename: 'limit.png', content: signatures.png, size: uploadRules.image.maxBytes })).Code).toBe(200);
  });

  it('streams the largest media file to disk without holding it in memory, and refuses one byte more', async () => {
    const size = uploadRules.media.maxBytes;
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    try {
      const accepted = await uploadStream({ filename: '年会.mp4', content: signatures.mp4, size });
      expect(accepted.Code, accepted.Message).toBe(200);
      expect(fs.statSync(path.join(root, accepted.Data.replace('/uploads/', ''))).size).toBe(size);
      const before = stored();
      expect(await uploadStream({ filename: '太大.mp4', content: signatures.mp4, size: size + 1 })).toEqual({
        Code: 400,
        Message: '文件不得大于300M',
        Data: null,
      });
      expect(stored()).toBe(before);
    } finally {
      clearInterval(sampler);
    }
    expect(peak - rssBefore).toBeLessThan(100 * MB);
  });

  it('guards the call', async () => {
    const before = stored();
    for (const token of [undefined, 'not-a-session', c.member]) {
      expect((await upload({ filename: 'a.png', content: signatures.png }, { token })).Code).toBe(402);
    }
    expect(await upload({ filename: 'a.png', content: signatures.png }, { token: c.outsider })).toEqual({ Code: 403, Message: '当前操作没有权限', Data: null });
    expect((await upload({ filename: 'a.png', content: signatures.png }, { token: c.editor })).Code).toBe(200);
    expect(stored()).toBe(before + 1);
  });
});
