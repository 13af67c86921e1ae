import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { vi } from 'vitest';

/**
 * An S3-compatible server of the test's own (s3rver) on a free loopback port, keeping its
 * objects in a temporary folder, with one empty bucket. It checks request signatures with its
 * fixed key pair, which the test's process gets as AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY:
 * the portal finds credentials through the SDK's usual chain, as in production.
 */
export interface TestS3 {
  /** STORAGE_URL for the bucket, its keys under `prefix` when given. */
  storageUrl(prefix?: string): string;
  /** Every key in the bucket, sorted. */
  keys(): Promise<string[]>;
  stop(): Promise<void>;
}

const BUCKET = 'portal-test';

export async function startS3(): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'S3RVER');
  // The SDK's notice that its releases from 2027 need Node.js 22 says nothing about the tests.
  vi.stubEnv('AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED', 'true');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'S3RVER');
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
  return {
    storageUrl: (prefix = '') => `s3://${BUCKET}/${prefix}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1&forcePathStyle=true`,
    async keys() {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, ContinuationToken }));
        keys.push(...(page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : [])));
        ContinuationToken = page.NextContinuationToken;
      } while (ContinuationToken);
      return keys.sort();
    },
    async stop() {
      client.destroy();
      await server.close();
      vi.unstubAllEnvs();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
