import os from 'node:os';
import path from 'node:path';
import { parseStorageUrl, type StorageConfig } from './storage/url.js';
import type { DirectoryAccess } from '@portal/shared';
import { parseAdminAllowList, type AdminAllowList } from './http/admin-addresses.js';
import { parseIdNumberKeys } from './db/id-number-keys.js';
import { keyBytes } from './db/key-files.js';
import type { ChainHash } from './db/connection.js';
import type { IdNumberCipher } from './db/sealed-id-numbers.js';

/** Everything the server reads from the environment, typed, with defaults that run on a laptop. */
export interface Config {
  port: number;
  host: string;
  /**
   * Worker processes serving the port (WEB_CONCURRENCY, default: the cores this process may
   * use). One process uses one core; `1` runs the server in a single process (main.ts).
   */
  webConcurrency: number;
  dataDir: string;
  /** postgres://… selects PostgreSQL; absent means embedded SQLite in dataDir. */
  databaseUrl?: string;
  /** PostgreSQL schema to use (tests isolate themselves with one schema per suite). */
  databaseSchema?: string;
  adminPassword?: string;
  /**
   * Where uploads are kept (STORAGE_URL, storage/url.ts): the data folder's uploads/ and
   * private/ by default, or an S3-compatible bucket.
   */
  storage: StorageConfig;
  /** Prefix of public asset URLs; empty means same origin (`/uploads/...`). */
  assetBaseUrl: string;
  /**
   * The public site's own address (PUBLIC_BASE_URL, e.g. https://www.example.org.cn), used in
   * absolute links: certificate QR codes, canonical links, the sitemap, signed credentials.
   * Required when NODE_ENV=production; without it (development), the origin the request came to.
   */
  publicBaseUrl?: string;
  mobileSiteUrl?: string;
  /** A third-party analytics script; when set, CountWebCount answers Code 101 with it. */
  analyticsScriptUrl?: string;
  /** REDIS_URL: rate-limit counters shared by every instance (http/rate-limit-counters.ts). */
  redisUrl?: string;
  /** Memory for cached public answers and pages, in bytes (RESPONSE_CACHE_MB, default 64; 0 turns the cache off). */
  responseCacheBytes: number;
  /**
   * Pages that may wait for a render thread before pages answer 503 (features/pages/render-pool.ts);
   * unset: WAITING_PER_THREAD per thread. Tests set it to fill the line with a few pages.
   */
  pagesWaitingAtMost?: number;
  /**
   * How long a page that finds that line full waits for room before it is refused (web-app.ts);
   * unset: ROOM_WAIT_MS. Tests set it long to see a waiting page drawn once room comes.
   */
  pageRoomWaitMs?: number;
  /** REDIS_KEY_PREFIX (default portal:): keeps this site's keys apart on a shared Redis. */
  redisKeyPrefix: string;
  /**
   * Tries to reach PostgreSQL at start before giving up (DATABASE_CONNECT_ATTEMPTS, default 10:
   * about a minute and a half with the backoff), so a database that starts later is waited for.
   */
  databaseConnectAttempts: number;
  logLevel: string;
  /**
   * LOG_FORMAT: 'json' (one JSON object a line, for journald and log collectors) or 'pretty'
   * (pino-pretty, for a person at a terminal). Default: json when NODE_ENV=production.
   */
  logFormat: 'json' | 'pretty';
  /**
   * Which X-Forwarded-For entries to believe (TRUST_PROXY): false (default) believes none; a
   * number believes that many proxy hops, counted from the right, where each proxy appends the
   * address it saw; a list believes the entries added by those proxy addresses or ranges. Never
   * the leftmost entry as such: the client writes it, and it would pick the address that rate
   * limits, lockouts and the audit log see.
   */
  trustProxy: TrustProxy;
  /** Directory of the built web app; served with history fallback when it exists. */
  webDist: string;
  site: SiteInfo;
  /** Seed demo content into an empty database on start. */
  seedDemo: boolean;
  adminSession: AdminSessionConfig;
  /**
   * The API reference at /api/docs (API_DOCS): 'full' every call; 'public' only the public and
   * member calls (/api/XfWebApi), not the back office's; 'off' not served at all. Default:
   * 'full', or 'public' when NODE_ENV=production.
   */
  apiDocs: 'full' | 'public' | 'off';
  /**
   * The mail server activity notices go out through (SMTP_URL, e.g.
   * smtps://user:password@smtp.example.org:465); without it no e-mail is queued or sent.
   */
  smtpUrl?: string;
  /** The From of those e-mails (MAIL_FROM); without it the site's name and e-mail address. */
  mailFrom?: string;
  /**
   * Where mailings' returned mail goes (MAIL_BOUNCE_ADDRESS, e.g. bounces@example.org.cn): their
   * envelope sender, tagged per recipient (bounces+<recipient>-<mac>@…, features/mailings/bounces.ts).
   */
  mailBounceAddress?: string;
  /**
   * The Maildir the mail server delivers that address to (MAIL_BOUNCE_MAILDIR); a job reads it for
   * delivery status notifications and marks the recipients they name 退信.
   */
  mailBounceMaildir?: string;
  /**
   * A module that exports the SMS provider (SMS_PROVIDER_MODULE, a path to an .mjs file): no
   * provider ships with the product, so without it nothing is sent by SMS (sms/provider.ts,
   * docs/sms.md).
   */
  smsProviderModule?: string;
  /**
   * Days the audit and sign-in logs are kept (AUDIT_RETENTION_DAYS, default 180); older rows are
   * deleted daily (features/system/audit/retention.ts). The Cybersecurity Law (§21) asks for at least
   * six months, so less is refused.
   */
  auditRetentionDays: number;
  /** 访问统计 (features/statistics). */
  statistics: {
    /** Days raw hits are kept before only their roll-ups remain (STATS_RAW_DAYS, default 30). */
    rawDays: number;
    /** How often today's figures are rolled up in the background (STATS_REFRESH_SECONDS, default 300); the dashboard rolls them after two periods without. */
    refreshSeconds: number;
  };
  /** 链接检查 (features/inspection/link-run.ts, docs/inspection.md). */
  linkCheck: {
    /** Days between scheduled runs (LINK_CHECK_DAYS, default 7); 0 turns the schedule off (开始检查 still runs one). */
    days: number;
    /** How long one request to another site may take (LINK_CHECK_TIMEOUT_SECONDS, default 10). */
    timeoutMs: number;
    /**
     * Whether external links may reach private, loopback and link-local addresses
     * (LINK_CHECK_PRIVATE_ADDRESSES=true; default false: such a link is reported 指向内网地址 and
     * never requested, so an article cannot make the server probe its own network). Tests turn it on.
     */
    privateAddresses: boolean;
  };
  /** 可用性监测 (features/inspection/availability.ts). */
  availability: {
    /** Minutes between probes of the site's own pages (AVAILABILITY_PROBE_MINUTES, default 10); 0 turns the probing off. */
    probeMinutes: number;
    /** How long a probe waits for the whole page (AVAILABILITY_TIMEOUT_SECONDS, default 10), in milliseconds. */
    timeoutMs: number;
  };
  /**
   * The key of the audit and sign-in logs' hash chains (AUDIT_CHAIN_KEY: 32 bytes or more, hex or
   * base64). Absent: a key file made in the data folder at first use (db/chain-key.ts); several
   * instances on one PostgreSQL database must share it, so set this there.
   */
  auditChainKey?: Buffer;
  /** AUDIT_CHAIN_HASH: `sha256` (HMAC-SHA-256, default) or `sm3` (HMAC-SM3) for new links of the logs' chains. */
  auditChainHash: ChainHash;
  /**
   * The keys that seal ID numbers at rest (ID_NUMBER_KEYS: 32-byte keys, hex or base64, commas
   * between; the first seals, the others open what they sealed before a rotation). Absent: the
   * data folder's key file (db/id-number-keys.ts); instances sharing a PostgreSQL database must
   * share them, so set this there.
   */
  idNumberKeys?: Buffer[];
  /** ID_NUMBER_CIPHER: `aes` (AES-256-GCM, default) or `sm4` (SM4-CTR with HMAC-SM3), db/sealed-id-numbers.ts. */
  idNumberCipher: IdNumberCipher;
  /** ADMIN_ALLOWED_ADDRESSES: the only addresses the back office answers; unset, any (http/admin-allow-list.ts). */
  adminAllowedAddresses?: AdminAllowList;
  /**
   * Revisions kept per article (NEWS_REVISIONS_KEPT): 0, the default, keeps all; N keeps the
   * newest N, the older pruned on save (features/articles/revisions.ts).
   */
  newsRevisionsKept: number;
  /**
   * Days before 有效期至 that a renewal reminder goes out (MEMBERSHIP_REMINDER_DAYS, a comma list,
   * default 30,7), besides the one on expiry and the one at the end of grace
   * (features/membership/reminders.ts). Largest first.
   */
  membershipReminderDays: number[];
  /**
   * 会员名录 (MEMBER_DIRECTORY): `public` (the default: a page everyone may read, in the sitemap),
   * `members` (signed-in members in good standing only) or `off`. Members are listed only when
   * they opt in, whatever this says.
   */
  memberDirectory: DirectoryAccess;
  /**
   * What may be uploaded in an hour (features/uploads/quotas.ts): per member
   * (UPLOAD_MEMBER_FILES_PER_HOUR, default 60; UPLOAD_MEMBER_MB_PER_HOUR, default 100) and per
   * client address (UPLOAD_ADDRESS_FILES_PER_HOUR, default 120; UPLOAD_ADDRESS_MB_PER_HOUR,
   * default 200). 0 turns that one off. Back-office uploads count against none.
   */
  uploadQuotas: { member: UploadQuota; address: UploadQuota };
}

/** Files and bytes one member or one client address may upload in an hour; 0 is no limit. */
export interface UploadQuota {
  files: number;
  bytes: number;
}

export type TrustProxy = false | number | string[];

/**
 * TRUST_PROXY: `false`/empty; a hop count such as `1` (that many proxies in front, each
 * appending the address it saw); comma-separated proxy addresses and CIDR ranges (or
 * `loopback`, `linklocal`, `uniquelocal`); or `true`, read as `loopback`: a proxy on the same
 * machine, the usual set-up, and one a client that reaches the server directly cannot play.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? '').trim();
  if (value === '' || value === 'false') return false;
  if (value === 'true') return ['loopback'];
  if (/^\d+$/.test(value)) return Number(value) || false;
  const proxies = value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const address = /^[0-9a-fA-F:.]+(\/\d{1,3})?$/;
  const bad = proxies.find((p) => !address.test(p) && !['loopback', 'linklocal', 'uniquelocal'].includes(p));
  if (bad) throw new Error(`TRUST_PROXY must be false, a hop count, or proxy addresses/CIDR ranges, got ${bad}`);
  return proxies;
}

/**
 * Fastify's trustProxy option for a TrustProxy. A hop count becomes a function: Fastify reads
 * a plain number as trusting nothing (it cannot vouch for the immediate peer), while an
 * operator who sets a count says the peer is their proxy.
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/** Back-office session lifetimes and sign-in throttling (docs/api.md). */
export interface AdminSessionConfig {
  /** A session without a call for this long ends. */
  idleMinutes: number;
  /** A session ends this long after sign-in, however active. */
  maxHours: number;
  /** Login attempts per client address per minute. */
  loginsPerMinute: number;
}

/** Site identity shown in the header and footer; configurable for another association. */
export interface SiteInfo {
  name: string;
  englishName: string;
  phone: string;
  email: string;
  address: string;
  postcode: string;
  copyright: string;
  icp: string;
  /** 公安联网备案号, e.g. 京公网安备11010202000001号; '' for none. */
  policeFiling: string;
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/**
 * The configuration of the environment. `buildsLinks`: whether this process builds absolute
 * links (the server does: pages, sitemap, QR codes, credentials), which production requires
 * PUBLIC_BASE_URL for; the operator CLI's commands build none and run without it.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, { buildsLinks = true }: { buildsLinks?: boolean } = {}): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data'));
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  return {
    port,
    // '::' listens on IPv6 and IPv4 alike (Linux's default dual stack); main.ts falls back to IPv4 on a host without IPv6.
    host: env.HOST ?? '::',
    webConcurrency: parseWebConcurrency(env.WEB_CONCURRENCY),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: env.DATABASE_SCHEMA || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    storage: parseStorageUrl(env.STORAGE_URL),
    assetBaseUrl: (env.ASSET_BASE_URL ?? '').replace(/\/$/, ''),
    publicBaseUrl: parsePublicBaseUrl(env, buildsLinks),
    mobileSiteUrl: env.MOBILE_SITE_URL || undefined,
    analyticsScriptUrl: env.ANALYTICS_SCRIPT_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    responseCacheBytes: positiveNumber(env, 'RESPONSE_CACHE_MB', 64, { zero: true }) * 2 ** 20,
    redisKeyPrefix: env.REDIS_KEY_PREFIX || 'portal:',
    databaseConnectAttempts: positiveNumber(env, 'DATABASE_CONNECT_ATTEMPTS', 10),
    logLevel: env.LOG_LEVEL ?? 'info',
    logFormat: parseLogFormat(env),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    webDist: path.resolve(env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    seedDemo: env.SEED_DEMO !== 'false',
    apiDocs: parseApiDocs(env),
    smtpUrl: parseSmtpUrl(env.SMTP_URL),
    mailFrom: env.MAIL_FROM || undefined,
    mailBounceAddress: parseBounceAddress(env.MAIL_BOUNCE_ADDRESS),
    mailBounceMaildir: env.MAIL_BOUNCE_MAILDIR ? path.resolve(env.MAIL_BOUNCE_MAILDIR) : undefined,
    smsProviderModule: env.SMS_PROVIDER_MODULE ? path.resolve(env.SMS_PROVIDER_MODULE) : undefined,
    auditRetentionDays: parseAuditRetentionDays(env.AUDIT_RETENTION_DAYS),
    statistics: {
      rawDays: Math.max(1, Math.floor(positiveNumber(env, 'STATS_RAW_DAYS', 30))),
      refreshSeconds: positiveNumber(env, 'STATS_REFRESH_SECONDS', 300, { zero: true }),
    },
    linkCheck: {
      days: positiveNumber(env, 'LINK_CHECK_DAYS', 7, { zero: true }),
      timeoutMs: positiveNumber(env, 'LINK_CHECK_TIMEOUT_SECONDS', 10) * 1000,
      privateAddresses: env.LINK_CHECK_PRIVATE_ADDRESSES === 'true',
    },
    availability: {
      probeMinutes: positiveNumber(env, 'AVAILABILITY_PROBE_MINUTES', 10, { zero: true }),
      timeoutMs: positiveNumber(env, 'AVAILABILITY_TIMEOUT_SECONDS', 10) * 1000,
    },
    auditChainKey: parseChainKey(env.AUDIT_CHAIN_KEY),
    auditChainHash: parseChainHash(env.AUDIT_CHAIN_HASH),
    idNumberKeys: parseIdNumberKeys(env.ID_NUMBER_KEYS),
    idNumberCipher: parseIdNumberCipher(env.ID_NUMBER_CIPHER),
    adminAllowedAddresses: parseAdminAllowList(env.ADMIN_ALLOWED_ADDRESSES),
    newsRevisionsKept: Math.floor(positiveNumber(env, 'NEWS_REVISIONS_KEPT', 0, { zero: true })),
    membershipReminderDays: parseReminderDays(env.MEMBERSHIP_REMINDER_DAYS),
    memberDirectory: parseMemberDirectory(env.MEMBER_DIRECTORY),
    uploadQuotas: {
      member: uploadQuota(env, 'MEMBER', { files: 60, mb: 100 }),
      address: uploadQuota(env, 'ADDRESS', { files: 120, mb: 200 }),
    },
    adminSession: {
      idleMinutes: positiveNumber(env, 'ADMIN_SESSION_IDLE_MINUTES', 120),
      maxHours: positiveNumber(env, 'ADMIN_SESSION_MAX_HOURS', 12),
      loginsPerMinute: positiveNumber(env, 'ADMIN_LOGINS_PER_MINUTE', 20),
    },
    site: {
      name: env.SITE_NAME ?? '中国建设工程保险风险管理协会',
      englishName: env.SITE_ENGLISH_NAME ?? 'China Construction Project Insurance Risk Management Association',
      phone: env.SITE_PHONE ?? '010-6851 2376',
      email: env.SITE_EMAIL ?? 'office@cpirma.org.cn',
      address: env.SITE_ADDRESS ?? '北京市西城区三里河路9号建设部大院南配楼三层',
      postcode: env.SITE_POSTCODE ?? '100835',
      copyright: env.SITE_COPYRIGHT ?? `© ${new Date().getFullYear()} 中国建设工程保险风险管理协会 版权所有`,
      icp: env.SITE_ICP ?? '京ICP备17047215号-1',
      policeFiling: env.SITE_POLICE_FILING ?? '京公网安备11010202000001号',
    },
  };
}

function parseWebConcurrency(raw: string | undefined): number {
  const value = (raw ?? '').trim();
  if (value === '') return os.availableParallelism();
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1) throw new Error(`WEB_CONCURRENCY must be a whole number of processes, 1 or more, got ${raw}`);
  return count;
}

/**
 * PUBLIC_BASE_URL without its trailing slashes. A production process that builds links must
 * name it: otherwise links were built from the request's Host header, which anyone can write (a
 * certificate's QR code then pointed to http://evil.example/cert/verify/…). Given, it is checked
 * whoever reads it.
 */
function parsePublicBaseUrl(env: NodeJS.ProcessEnv, buildsLinks: boolean): string | undefined {
  const value = (env.PUBLIC_BASE_URL ?? '').trim().replace(/\/+$/, '');
  if (value === '') {
    if (buildsLinks && env.NODE_ENV === 'production')
      throw new Error("PUBLIC_BASE_URL must be set when NODE_ENV=production: the site's own address, e.g. https://www.example.org.cn");
    return undefined;
  }
  if (!/^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/.test(value))
    throw new Error(`PUBLIC_BASE_URL must be http://… or https://… without query or fragment, got ${env.PUBLIC_BASE_URL}`);
  return value;
}

/** Whole days, 180 (six months, 网络安全法 §21) or more. */
function parseAuditRetentionDays(raw: string | undefined): number {
  const value = (raw ?? '').trim();
  if (value === '') return 180;
  const days = Number(value);
  if (!Number.isInteger(days) || days < 180) throw new Error(`AUDIT_RETENTION_DAYS must be a whole number of days, 180 (six months) or more, got ${raw}`);
  return days;
}

/** 32 bytes or more, as 64+ hex digits or base64; blank: none. */
function parseChainKey(raw: string | undefined): Buffer | undefined {
  const value = (raw ?? '').trim();
  if (value === '') return undefined;
  const key = keyBytes(value);
  if (key.length < 32) throw new Error('AUDIT_CHAIN_KEY must be at least 32 bytes, written as hex (64 digits) or base64');
  return key;
}

function parseChainHash(raw: string | undefined): ChainHash {
  const value = (raw ?? '').trim().toLowerCase();
  if (value === '' || value === 'sha256') return 'sha256';
  if (value === 'sm3') return 'sm3';
  throw new Error('AUDIT_CHAIN_HASH must be sha256 (HMAC-SHA-256) or sm3 (HMAC-SM3)');
}

function parseIdNumberCipher(raw: string | undefined): IdNumberCipher {
  const value = (raw ?? '').trim().toLowerCase();
  if (value === '' || value === 'aes') return 'aes';
  if (value === 'sm4') return 'sm4';
  throw new Error('ID_NUMBER_CIPHER must be aes (AES-256-GCM) or sm4 (SM4-CTR with HMAC-SM3)');
}

function parseMemberDirectory(raw: string | undefined): DirectoryAccess {
  const value = (raw ?? '').trim();
  if (value === '') return 'public';
  if (value === 'public' || value === 'members' || value === 'off') return value;
  throw new Error(`MEMBER_DIRECTORY must be public, members or off, got ${raw}`);
}

/** Whole days from 1 to 365, comma-separated; blank: 30,7. */
function parseReminderDays(raw: string | undefined): number[] {
  const value = (raw ?? '').trim();
  if (value === '') return [30, 7];
  const days = value.split(',').map((d) => Number(d.trim()));
  if (days.some((d) => !Number.isInteger(d) || d < 1 || d > 365))
    throw new Error(`MEMBERSHIP_REMINDER_DAYS must be whole days from 1 to 365, comma-separated, got ${raw}`);
  return [...new Set(days)].sort((a, b) => b - a);
}

function parseSmtpUrl(raw: string | undefined): string | undefined {
  const value = (raw ?? '').trim();
  if (value === '') return undefined;
  if (!/^smtps?:\/\/[^/]/.test(value)) throw new Error('SMTP_URL must be smtp://… or smtps://…');
  return value;
}

/** A plain address: its local part is tagged with `+`, so it must not hold one already. */
function parseBounceAddress(raw: string | undefined): string | undefined {
  const value = (raw ?? '').trim();
  if (value === '') return undefined;
  if (!/^[^\s@+<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(value))
    throw new Error(`MAIL_BOUNCE_ADDRESS must be a plain address without +, e.g. bounces@example.org.cn, got ${raw}`);
  return value;
}

function parseLogFormat(env: NodeJS.ProcessEnv): Config['logFormat'] {
  const raw = (env.LOG_FORMAT ?? '').trim();
  if (raw === '') return env.NODE_ENV === 'production' ? 'json' : 'pretty';
  if (raw === 'json' || raw === 'pretty') return raw;
  throw new Error(`LOG_FORMAT must be json or pretty, got ${raw}`);
}

function parseApiDocs(env: NodeJS.ProcessEnv): Config['apiDocs'] {
  const raw = (env.API_DOCS ?? '').trim();
  if (raw === '') return env.NODE_ENV === 'production' ? 'public' : 'full';
  if (raw === 'false' || raw === 'off') return 'off';
  if (raw === 'true' || raw === 'full') return 'full';
  if (raw === 'public') return 'public';
  throw new Error(`API_DOCS must be full, public or false, got ${raw}`);
}

/** UPLOAD_<who>_FILES_PER_HOUR (files) and UPLOAD_<who>_MB_PER_HOUR (megabytes, fractions allowed); 0 turns one off. */
function uploadQuota(env: NodeJS.ProcessEnv, who: string, fallback: { files: number; mb: number }): UploadQuota {
  return {
    files: Math.floor(positiveNumber(env, `UPLOAD_${who}_FILES_PER_HOUR`, fallback.files, { zero: true })),
    bytes: Math.floor(positiveNumber(env, `UPLOAD_${who}_MB_PER_HOUR`, fallback.mb, { zero: true }) * 2 ** 20),
  };
}

/** A positive number from the environment; `zero` lets 0 through too, where it means "off". */
function positiveNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, { zero = false } = {}): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || (value === 0 && !zero)) throw new Error(`${name} must be a positive number${zero ? ' or 0' : ''}, got ${raw}`);
  return value;
}
