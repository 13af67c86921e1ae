import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * Where uploads live: a local folder (local.ts) or an S3-compatible bucket (s3.ts), chosen by
 * STORAGE_URL (open.ts). Callers speak only in stored paths, `/uploads/202611/<32 hex>.png`
 * (public, served at that address) or `/private/…` (handed out only by guarded calls): the
 * path is what the database keeps, whichever driver holds the bytes.
 */
export interface Storage {
  /** '/uploads' or '/private': the first segment of every path this storage hands out. */
  readonly prefix: string;
  /** Whether `stored` is a path of this storage (it need not exist). */
  owns(stored: string): boolean;
  /** Streams `body` to a new file under a random name; resolves to its path. A failed stream leaves no file. */
  save(body: Readable, extension: string): Promise<string>;
  /** Writes a whole buffer under a random name (seed images, generated files). */
  saveBuffer(body: Buffer, extension: string): Promise<string>;
  /** Writes a file at a chosen path of this storage (a picture's web copies), whole or not at all. */
  put(stored: string, body: Buffer): Promise<void>;
  /** Size, modification time and entity tag; undefined when there is no such file. */
  stat(stored: string): Promise<StoredFile | undefined>;
  /** The whole file; undefined when there is no such file. */
  read(stored: string): Promise<Buffer | undefined>;
  /** The file, or the bytes `range` names, as a stream; undefined when there is no such file. */
  stream(stored: string, range?: ByteRange): Promise<Readable | undefined>;
  /** Deletes the file; a file that is not there is no error. */
  remove(stored: string): Promise<void>;
}

export interface StoredFile {
  size: number;
  mtime: Date;
  /** An HTTP entity tag, quoted (W/"…" when weak). */
  etag: string;
}

/** Bytes `start` to `end`, both included (as in an HTTP Range). */
export interface ByteRange {
  start: number;
  end: number;
}

/** What buildApp opens: the public and the private storage, and how to let go of them. */
export interface Storages {
  storage: Storage;
  privateStorage: Storage;
  close(): void;
}

/** The storage of `stored` among `storages`; undefined when none holds such paths. */
export function storageOf(storages: readonly Storage[], stored: string): Storage | undefined {
  return storages.find((storage) => storage.owns(stored));
}

/** A new random path under `prefix`: `<prefix>/<yyyyMM>/<32 hex>.<extension>`. */
export function newStoredPath(prefix: string, extension: string): string {
  const month = new Date().toISOString().slice(0, 7).replace('-', '');
  return `${prefix}/${month}/${randomBytes(16).toString('hex')}.${extension.replace(/[^a-z0-9]/gi, '').toLowerCase()}`;
}

/**
 * Whether `stored` names a file under `prefix`: segments that are not empty, do not start with
 * a dot (no `..`, no hidden files) and hold no backslash or control character. Besides the
 * random names this also takes files an operator put in the folder themselves.
 */
export function isPathUnder(prefix: string, stored: string): boolean {
  if (!stored.startsWith(`${prefix}/`)) return false;
  return stored
    .slice(prefix.length + 1)
    .split('/')
    .every((segment) => segment !== '' && !segment.startsWith('.') && !/[\\\p{Cc}]/u.test(segment));
}

/** Names this server gives: random (`<32 hex>.<ext>`) or a picture's web copy (`<32 hex>.w640.webp`). Their content never changes. */
const randomName = /\/\d{6}\/[0-9a-f]{32}(?:\.w\d+)?\.[a-z0-9]{1,8}$/;

/** Whether `stored` has a name this server chose at random, so its content never changes. */
export function isRandomName(stored: string): boolean {
  return randomName.test(stored);
}

const contentTypes: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  bmp: 'image/bmp',
  webp: 'image/webp',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  txt: 'text/plain; charset=utf-8',
  mp3: 'audio/mpeg',
  mp4: 'video/mp4',
};

/** The Content-Type of a stored file, by its extension (every kind uploads take); application/octet-stream for others. */
export function contentTypeOf(stored: string): string {
  const dot = stored.lastIndexOf('.');
  return (dot > stored.lastIndexOf('/') && contentTypes[stored.slice(dot + 1).toLowerCase()]) || 'application/octet-stream';
}
