import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { writeKeyFileOnce } from './key-files.js';

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
  writeKeyFileOnce(file, `${randomBytes(32).toString('hex')}\n`);
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
  if (key.length < 32) throw new Error(`${file} must hold a key of 32 bytes or more as hex`);
  return key;
}
