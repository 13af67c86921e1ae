import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { isPathUnder, newStoredPath, type Storage, type StoredFile } from './storage.js';
import { explainWriteFailures, type UnwritableReason } from './unwritable.js';

/**
 * Files in a local folder (or a shared mount seen by every instance at the same place), under
 * `prefix` in their paths: '/uploads' for the public files, '/private' for those only a guarded
 * call hands out. `/uploads/202611/<name>.png` is the file `<folder>/202611/<name>.png`.
 */
export function localStorage(folder: string, prefix = '/uploads'): Storage {
  fs.mkdirSync(folder, { recursive: true });
  const owns = (stored: string) => isPathUnder(prefix, stored);
  /** The file of a path of this storage; undefined for any other path. */
  const fileOf = (stored: string) => (owns(stored) ? path.join(folder, ...stored.slice(prefix.length + 1).split('/')) : undefined);
  const fileFor = (stored: string) => {
    const file = fileOf(stored);
    if (!file) throw new Error(`not a path of ${prefix}: ${stored}`);
    return file;
  };
  /** A new random path and its file, in a month folder that exists. */
  const target = (extension: string) => {
    const stored = newStoredPath(prefix, extension);
    const file = fileFor(stored);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    return { stored, file };
  };
  const missing = (error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'EISDIR') return undefined;
    throw error;
  };

  return explainWriteFailures(fileSystemReason, {
    prefix,
    owns,
    async save(body, extension) {
      const { stored, file } = target(extension);
      const out = fs.createWriteStream(file);
      try {
        await pipeline(body, out);
      } catch (error) {
        // A refused or broken upload, or a full disk, leaves nothing behind. The stream may
        // still be opening (creating) the file when the upload fails: let it close before
        // removing the file.
        if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
        await fs.promises.rm(file, { force: true });
        throw error;
      }
      return stored;
    },
    async saveBuffer(body, extension) {
      const { stored, file } = target(extension);
      // Nothing half-written stays behind a full disk.
      await fs.promises.writeFile(file, body).catch(async (error: unknown) => {
        await fs.promises.rm(file, { force: true });
        throw error;
      });
      return stored;
    },
    async put(stored, body) {
      const file = fileFor(stored);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      // Through a temporary name: a half-written file is never served.
      const temporary = `${file}.${randomBytes(4).toString('hex')}.tmp`;
      try {
        await fs.promises.writeFile(temporary, body);
        await fs.promises.rename(temporary, file);
      } catch (error) {
        await fs.promises.rm(temporary, { force: true });
        throw error;
      }
    },
    async stat(stored) {
      const file = fileOf(stored);
      const stats = file === undefined ? undefined : await fs.promises.stat(file).catch(missing);
      return stats?.isFile() ? fileInfo(stats) : undefined;
    },
    async read(stored) {
      const file = fileOf(stored);
      return file === undefined ? undefined : fs.promises.readFile(file).catch(missing);
    },
    async stream(stored, range) {
      const file = fileOf(stored);
      // Opened first, so a missing file answers undefined rather than a stream that fails later.
      const handle = file === undefined ? undefined : await fs.promises.open(file, 'r').catch(missing);
      if (handle && !(await handle.stat()).isFile()) {
        await handle.close();
        return undefined;
      }
      return handle?.createReadStream(range ? { start: range.start, end: range.end } : {});
    },
    async remove(stored) {
      await fs.promises.rm(fileFor(stored), { force: true });
    },
  });
}

/**
 * The file system refusing every file: out of space (ENOSPC) or over a disk quota (EDQUOT); a
 * read-only mount (EROFS), or a folder this process may not write in (EACCES, and EPERM for an
 * immutable folder, which even root may not write in).
 */
const fileSystemReasons: Record<string, UnwritableReason> = { ENOSPC: 'full', EDQUOT: 'full', EROFS: 'readOnly', EACCES: 'readOnly', EPERM: 'readOnly' };

function fileSystemReason(error: unknown): UnwritableReason | undefined {
  const code = (error as NodeJS.ErrnoException).code;
  return code === undefined ? undefined : fileSystemReasons[code];
}

/** As @fastify/static's `send` tags files: weak, from size and modification time. */
function fileInfo(stats: fs.Stats): StoredFile {
  return { size: stats.size, mtime: stats.mtime, etag: `W/"${stats.size.toString(16)}-${stats.mtime.getTime().toString(16)}"` };
}
