import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Where a key file goes when AUDIT_CHAIN_KEY is not set. */
export const CHAIN_KEY_FILE = 'audit-chain.key';

/**
 * The key of the logs' hash chains, kept outside the database: one who can write to the
 * database, but not read this file or the environment, cannot forge a link. From
 * AUDIT_CHAIN_KEY when set; else the data folder's key file, made (32 random bytes, owner-only)
 * by the first process that needs it. Read once, at first use.
 */
export function chainKeyLoader(opts: { dataDir: string; auditChainKey?: Buffer }): () => Buffer {
  let key = opts.auditChainKey;
  return () => (key ??= keyFile(path.join(opts.dataDir, CHAIN_KEY_FILE)));
}

function keyFile(file: string): Buffer {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    // 'wx': of two processes starting at once, one writes it and the other reads that one.
    fs.writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
  if (key.length < 32) throw new Error(`${file} must hold a key of 32 bytes or more as hex`);
  return key;
}
