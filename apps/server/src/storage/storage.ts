import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

/** Where uploads live. Local folder by default; an S3-compatible driver can implement the same. */
export interface Storage {
  /** Streams `body` to a new object under a random name; resolves to its path (`/uploads/...`). A failed stream leaves no object. */
  save(body: Readable, extension: string): Promise<string>;
  /** Writes a whole buffer (seed images, generated files). */
  saveBuffer(body: Buffer, extension: string): Promise<string>;
  /** Absolute directory of the files (local driver only); the public one is served at /uploads/. */
  readonly localRoot: string;
  /** The absolute file of a stored path; undefined for a path that is not this storage's. */
  fileOf(stored: string): string | undefined;
}

/**
 * Files in a local folder, under `prefix` in their paths: '/uploads' for the public files
 * served as they are, '/private' for those only a guarded call hands out.
 */
export function localStorage(uploadDir: string, prefix = '/uploads'): Storage {
  fs.mkdirSync(uploadDir, { recursive: true });
  const target = (extension: string) => {
    const month = new Date().toISOString().slice(0, 7).replace('-', '');
    const dir = path.join(uploadDir, month);
    fs.mkdirSync(dir, { recursive: true });
    const name = `${randomBytes(16).toString('hex')}.${extension.replace(/[^a-z0-9]/gi, '').toLowerCase()}`;
    return { file: path.join(dir, name), publicPath: `${prefix}/${month}/${name}` };
  };
  const stored = new RegExp(`^${prefix}/(\\d{6})/([0-9a-f]{32}\\.[a-z0-9]{1,8})$`);
  return {
    localRoot: uploadDir,
    fileOf(storedPath) {
      const match = stored.exec(storedPath);
      return match ? path.join(uploadDir, match[1]!, match[2]!) : undefined;
    },
    async save(body, extension) {
      const { file, publicPath } = target(extension);
      const out = fs.createWriteStream(file);
      try {
        await pipeline(body, out);
      } catch (error) {
        // A refused or broken upload leaves nothing behind. The stream may still be opening
        // (creating) the file when the upload fails: let it close before removing the file.
        if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
        await fs.promises.rm(file, { force: true });
        throw error;
      }
      return publicPath;
    },
    async saveBuffer(body, extension) {
      const { file, publicPath } = target(extension);
      await fs.promises.writeFile(file, body);
      return publicPath;
    },
  };
}
