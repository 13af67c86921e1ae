import path from 'node:path';
import type { Config } from '../config.js';
import { localStorage } from './local.js';
import type { Storages } from './storage.js';

/**
 * The storages STORAGE_URL chooses: the data folder's uploads/ and private/ by default, or an
 * S3-compatible bucket, whose driver (and the AWS SDK) is loaded only then. A bucket that does
 * not answer fails the start with one line saying which and why.
 */
export async function openStorages(config: Config): Promise<Storages> {
  if (config.storage.driver === 's3') {
    const { openS3Storages } = await import('./s3.js');
    return openS3Storages(config.storage);
  }
  return {
    storage: localStorage(path.join(config.dataDir, 'uploads')),
    privateStorage: localStorage(path.join(config.dataDir, 'private'), '/private'),
    close: () => undefined,
  };
}
