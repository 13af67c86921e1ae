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

/** What readsItsWrites uses of s3rver's filesystem store (not in its types). */
interface ObjectStore {
  putObject(object: { bucket: string; key: string }): Promise<{ size: number }>;
  getResourcePath(bucket: string, key: string, resource: 'object'): string;
}

/**
 * Makes s3rver answer a PUT once the object's file holds all its bytes. Its filesystem store
 * resolves once the body has passed through its hash, without waiting for the file's write
 * stream, so on a loaded machine a listing or a read right after the answer missed the object
 * (a test found its upload absent from the bucket). S3 reads its own writes at once; so does
 * this server now.
 */
function readsItsWrites(server: S3rver): void {
  const store = (server as unknown as { store: ObjectStore }).store;
  const putObject = store.putObject.bind(store);
  store.putObject = async (object) => {
    const written = await putObject(object);
    const file = store.getResourcePath(object.bucket, object.key, 'object');
    const until = Date.now() + 60_000;
    while ((await fs.promises.stat(file).catch(() => undefined))?.size !== written.size) {
      if (Date.now() > until) throw new Error(`s3rver did not finish writing ${object.key}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return written;
  };
}

export async function startS3(): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  readsItsWrites(server);
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
