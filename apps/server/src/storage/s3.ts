import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { contentTypeOf, isPathUnder, newStoredPath, type Storage, type Storages } from './storage.js';
import { explainWriteFailures, type UnwritableReason } from './unwritable.js';
import type { S3StorageConfig } from './url.js';

/**
 * Uploads in an S3-compatible bucket (STORAGE_URL=s3://…). A stored path is its key under the
 * configured prefix: `/uploads/202611/<name>.png` is `<prefix>uploads/202611/<name>.png`, and
 * the private files are under `<prefix>private/`. Loaded only when configured (open.ts), so a
 * start on the local folder never loads the SDK.
 */

/** Upload parts in flight at once: each holds up to 5 MiB, the smallest part S3 takes. */
const QUEUE_SIZE = 2;

/** The public and private storages on one client, after checking that the bucket answers. */
export async function openS3Storages(config: S3StorageConfig): Promise<Storages> {
  const clientConfig: S3ClientConfig = { region: config.region, forcePathStyle: config.forcePathStyle };
  if (config.endpoint) {
    clientConfig.endpoint = config.endpoint;
    // Other services than Amazon S3 often do not take the SDK's default checksums (aws-chunked
    // bodies, CRC32 trailers): send and check them only where the operation requires them.
    clientConfig.requestChecksumCalculation = 'WHEN_REQUIRED';
    clientConfig.responseChecksumValidation = 'WHEN_REQUIRED';
  }
  const client = new S3Client(clientConfig);
  try {
    await client.send(new HeadBucketCommand({ Bucket: config.bucket }));
  } catch (error) {
    client.destroy();
    const status = statusOf(error);
    const reason = [(error as Error).name, (error as Error).message, status && `HTTP ${status}`].filter((part) => part && part !== 'UnknownError').join(', ');
    throw new Error(`STORAGE_URL: the bucket ${config.bucket}${config.endpoint ? ` at ${config.endpoint}` : ''} does not answer (${reason})`);
  }
  return {
    storage: s3Storage(client, config, '/uploads'),
    privateStorage: s3Storage(client, config, '/private'),
    close: () => client.destroy(),
  };
}

function s3Storage(client: S3Client, config: S3StorageConfig, prefix: string): Storage {
  const Bucket = config.bucket;
  const owns = (stored: string) => isPathUnder(prefix, stored);
  const keyOf = (stored: string) => {
    if (!owns(stored)) throw new Error(`not a path of ${prefix}: ${stored}`);
    return `${config.keyPrefix}${stored.slice(1)}`;
  };
  const put = async (stored: string, body: Buffer) => {
    await client.send(new PutObjectCommand({ Bucket, Key: keyOf(stored), Body: body, ContentType: contentTypeOf(stored) }));
  };

  return explainWriteFailures(serviceReason, {
    prefix,
    owns,
    async save(body, extension) {
      const stored = newStoredPath(prefix, extension);
      // Streamed in parts: one PutObject for a file under 5 MiB, a multipart upload above. A
      // failing stream aborts the multipart upload, so no object and no parts are left.
      const upload = new Upload({
        client,
        params: { Bucket, Key: keyOf(stored), Body: body, ContentType: contentTypeOf(stored) },
        queueSize: QUEUE_SIZE,
        leavePartsOnError: false,
      });
      // The stream's own failure (a refused upload) is what the caller answers with, even when
      // the service then also fails to abort the multipart upload.
      let refused: unknown;
      body.once('error', (error) => (refused = error));
      try {
        await upload.done();
      } catch (error) {
        throw refused ?? error;
      }
      return stored;
    },
    async saveBuffer(body, extension) {
      const stored = newStoredPath(prefix, extension);
      await put(stored, body);
      return stored;
    },
    put,
    async stat(stored) {
      if (!owns(stored)) return undefined;
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(stored) })).catch(absent);
      if (!head) return undefined;
      return { size: head.ContentLength ?? 0, mtime: head.LastModified ?? new Date(0), etag: head.ETag ?? `"${stored}"` };
    },
    async read(stored) {
      if (!owns(stored)) return undefined;
      const object = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(stored) })).catch(absent);
      return object?.Body ? Buffer.from(await object.Body.transformToByteArray()) : undefined;
    },
    async stream(stored, range) {
      if (!owns(stored)) return undefined;
      const object = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(stored), Range: range && `bytes=${range.start}-${range.end}` })).catch(absent);
      // In Node.js the SDK hands the body over as the response stream itself.
      return object?.Body instanceof Readable ? object.Body : undefined;
    },
    async remove(stored) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(stored) }));
    },
  });
}

/** The services' codes for a bucket out of space or over its quota (MinIO, Ceph RGW, HTTP 507 Insufficient Storage). */
const FULL = new Set(['XMinioStorageFull', 'QuotaExceeded', 'InsufficientStorage']);

/**
 * The service refusing every file: out of space or quota (FULL), or refusing this key a write
 * (HTTP 403: AccessDenied from a bucket policy or a key without s3:PutObject, AllAccessDisabled,
 * a key that is no longer valid). Anything else (a network failure, a 5xx) stays as it is.
 */
function serviceReason(error: unknown): UnwritableReason | undefined {
  if (FULL.has((error as Error).name) || statusOf(error) === 507) return 'full';
  return statusOf(error) === 403 ? 'readOnly' : undefined;
}

/** Undefined for a missing object (404 NotFound or NoSuchKey); any other failure is thrown on. */
function absent(error: unknown): undefined {
  if (statusOf(error) === 404) return undefined;
  throw error;
}

/** The HTTP status of the SDK's answer that failed. */
const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
