/** Where uploads are kept (STORAGE_URL), as config.ts reads it. */
export type StorageConfig = { driver: 'local' } | S3StorageConfig;

export interface S3StorageConfig {
  driver: 's3';
  bucket: string;
  /** Key prefix, '' or ending in '/': `/uploads/…` is kept at `<prefix>uploads/…`. */
  keyPrefix: string;
  /** An S3-compatible service's address; absent for Amazon S3 itself. */
  endpoint?: string;
  /** Absent: the SDK's own chain (AWS_REGION, the shared config file). */
  region?: string;
  /** Bucket in the path (`http://host/bucket/key`) instead of the host name: most self-hosted services need it. */
  forcePathStyle: boolean;
}

const USAGE = 'STORAGE_URL must be file: (the data folder) or s3://bucket[/prefix][?endpoint=http://host:port&region=…&forcePathStyle=true]';

/**
 * STORAGE_URL: unset, empty or `file:` keeps uploads in DATA_DIR/uploads and DATA_DIR/private
 * (a shared mount when several instances run); `s3://bucket/prefix?endpoint=…&region=…&
 * forcePathStyle=true` keeps them in a bucket, the public ones under `<prefix>/uploads/`, the
 * private ones under `<prefix>/private/`. Credentials come from the AWS SDK's usual chain
 * (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, an instance role), never the URL.
 */
export function parseStorageUrl(raw: string | undefined): StorageConfig {
  const value = (raw ?? '').trim();
  if (value === '' || value === 'file:' || value === 'file://') return { driver: 'local' };
  if (value.startsWith('file:')) throw new Error(`${USAGE}; file: takes no path: mount a shared folder at DATA_DIR/uploads and DATA_DIR/private instead`);
  if (!value.startsWith('s3://')) throw new Error(`${USAGE}, got ${value}`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${USAGE}, got ${value}`);
  }
  if (url.username || url.password) throw new Error('STORAGE_URL carries no credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY');
  const bucket = url.hostname;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket) || url.port)
    throw new Error(`STORAGE_URL: ${bucket || '(none)'} is not a bucket name (3 to 63 lower-case letters, digits, dots and hyphens)`);
  const prefix = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  if (prefix && prefix.split('/').some((segment) => segment === '' || segment === '.' || segment === '..'))
    throw new Error(`STORAGE_URL: the key prefix ${prefix} may not hold empty, . or .. segments`);
  const config: S3StorageConfig = { driver: 's3', bucket, keyPrefix: prefix ? `${prefix}/` : '', forcePathStyle: false };
  for (const [name, option] of url.searchParams) {
    if (name === 'endpoint') config.endpoint = endpointOf(option);
    else if (name === 'region' && /^[a-z0-9-]+$/.test(option)) config.region = option;
    else if (name === 'forcePathStyle' && ['true', 'false', '1', '0'].includes(option)) config.forcePathStyle = option === 'true' || option === '1';
    else throw new Error(`STORAGE_URL: unknown or malformed option ${name}=${option} (endpoint, region, forcePathStyle)`);
  }
  // A self-hosted service needs some region to sign with, and most take any.
  if (config.endpoint && !config.region) config.region = 'us-east-1';
  return config;
}

function endpointOf(option: string): string {
  try {
    const endpoint = new URL(option);
    if ((endpoint.protocol === 'http:' || endpoint.protocol === 'https:') && endpoint.pathname === '/' && !endpoint.search) return endpoint.origin;
  } catch {
    // answered below
  }
  throw new Error(`STORAGE_URL: endpoint must be an http:// or https:// address without a path, got ${option}`);
}
