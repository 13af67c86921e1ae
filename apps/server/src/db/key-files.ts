import fs from 'node:fs';
import path from 'node:path';

/**
 * Writes a new key file, owner-only, unless one is there: of two processes starting at once
 * ('wx'), one writes it and the other reads that one.
 */
export function writeKeyFileOnce(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    fs.writeFileSync(file, text, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

/** A key written in an environment variable: hex (an even number of hex digits) or base64. */
export const keyBytes = (text: string): Buffer => (/^[0-9a-f]+$/i.test(text) && text.length % 2 === 0 ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64'));
