import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import multipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { fastifyTrustProxy, type Config } from './config.js';
import { connect, type Database } from './db/connection.js';
import { migrate } from './db/migrate.js';
import { registerErrorHandling } from './http/errors.js';
import { answerClientError } from './http/client-errors.js';
import { registerCaseInsensitiveParams } from './http/params.js';
import { registerControlCharacterCheck } from './http/control-characters.js';
import { loggerOptions } from './http/logger.js';
import type { App, Services } from './http/app-types.js';
import { openStorages } from './storage/open.js';
import { loadSmsProvider } from './sms/provider.js';
import { openRateLimitCounters } from './http/rate-limit-counters.js';
import { registerFeatures } from './features/index.js';
import { feedRoutes } from './features/feeds/routes.js';
import { ResponseCache, registerResponseCache } from './cache/response-cache.js';
import { startContentFanout } from './cache/fanout.js';
import { registerWebApp } from './features/pages/web-app.js';
import { audienceOfRequest } from './features/members/guard.js';
import { registerCompression } from './http/compression.js';
import { inlineScriptSource, registerSecurityHeaders } from './http/security-headers.js';
import { memberSessionFlagScript } from '@portal/shared';
import { trackRequestsInFlight } from './http/requests-in-flight.js';
import { registerGuardDocs } from './http/guard-docs.js';
import { registerApiDocs } from './http/api-docs.js';
import { checkReadiness } from './ops/readiness.js';
import { stopViews } from './features/news/views.js';
import { stopHits } from './features/statistics/hits.js';
import { scheduleStatistics } from './features/statistics/job.js';
import { scheduleLinkChecks, stopLinkChecks } from './features/inspection/link-run.js';
import { sitePageStatus } from './features/pages/page-status.js';
import { scheduleAvailability } from './features/inspection/availability-job.js';
import { scheduleUploadSweeps } from './features/uploads/sweep.js';
import { scheduleLogRetention } from './features/system/audit/retention.js';
import { schedulePublishingClock } from './features/news/schedule.js';
import { scheduleMembershipJob } from './features/membership/job.js';
import { scheduleOfferLapses } from './features/activities/job.js';
import { scheduleDeadlineJob } from './features/messages/deadline-job.js';
import { scheduleBounceMailbox } from './features/mailings/bounces.js';
import { scheduleDispatch } from './features/mailings/dispatch.js';
import { scheduleRevisionRetention } from './features/articles/revisions.js';
import { largestUpload } from './features/uploads/checks.js';
import { imageVariantFallback } from './features/uploads/variants.js';
import { registerUploadServing } from './features/uploads/serve.js';
import { startMailOutbox } from './features/mail/outbox.js';
import type { CaptchaObserver } from './features/system/auth/captcha.js';
import { decorateClientAddress } from './http/client-address.js';
import { guardBackOffice } from './http/admin-allow-list.js';

export interface BuildOptions {
  /** An already open database (tests share one per suite); otherwise one is opened from config. */
  database?: Database;
  /** Skip migrations (the caller already ran them). */
  skipMigrations?: boolean;
  logger?: boolean;
  /** Test seam: the clock; Date.now otherwise. */
  now?: () => number;
  /**
   * Test seam: told the answer of every captcha as it is issued, so API and Playwright tests
   * sign in through the real captcha flow. Only test harnesses pass it; nothing in the
   * environment or the production start can switch it on.
   */
  captchaIssued?: CaptchaObserver;
  /**
   * Run the background jobs here: the upload sweep, the log retention and the mail outbox (default). Of several
   * cluster workers only one does, and the primary's preparing build (migrations, seed) none.
   */
  backgroundJobs?: boolean;
  /**
   * This process is one of several cluster workers serving the database (main.ts): rate limits
   * count in the database, and content changes reach the others through the primary.
   */
  clustered?: boolean;
}

/** The whole server as a Fastify instance: every feature registered. Tests drive it with inject. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config),
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    requestIdHeader: 'x-request-id',
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const inFlight = trackRequestsInFlight(app);

  // A deployment's SMS provider (SMS_PROVIDER_MODULE): one that does not load stops the start here.
  const sms = await loadSmsProvider(config.smsProviderModule);
  // The data folder, or a bucket (STORAGE_URL) that must answer before the server starts.
  const { storage, privateStorage, close: closeStorages } = await openStorages(config);
  const database =
    options.database ??
    (await connect(config).catch((error: unknown) => {
      closeStorages();
      throw error;
    }));
  try {
    if (!options.skipMigrations) await migrate(database);
    // Sealed ID numbers with no key to open them stop the start here (db/sealed-id-numbers.ts);
    // a cluster worker builds over the database its preparer migrated, so it checks too.
    if (!options.skipMigrations || options.clustered) await database.idNumbers.check(database.db);
  } catch (error) {
    closeStorages();
    if (!options.database) await database.close();
    throw error;
  }
  const clustered = options.clustered ?? false;
  const rateLimitCounters = await openRateLimitCounters(config, database, clustered);
  const services: Services = { database, config, storage, privateStorage, rateLimitCounters, now: options.now ?? Date.now, sms };
  app.decorate('services', services);
  decorateClientAddress(app);
  guardBackOffice(app, config.adminAllowedAddresses);
  app.decorate('captchaIssued', options.captchaIssued ?? null);
  app.decorate('responseCache', new ResponseCache(database, config.responseCacheBytes));
  // Writes on other instances drop this one's cached answers (PostgreSQL NOTIFY, Redis pub/sub
  // or, between cluster workers on SQLite, the primary).
  const fanout = await startContentFanout(database, config, app.log, clustered);
  const backgroundJobs = options.backgroundJobs ?? true;
  const sweeps = backgroundJobs ? scheduleUploadSweeps(services, app.log) : undefined;
  // Audit and sign-in logs older than AUDIT_RETENTION_DAYS go, daily.
  const retention = backgroundJobs ? scheduleLogRetention(services, app.log) : undefined;
  // So do the revisions of deleted articles (kept for the audit trail as long as the log).
  const revisionRetention = backgroundJobs ? scheduleRevisionRetention(services, app.log) : undefined;
  // 待发布 articles go out, and 定时下线 ones come down, at their times.
  const publishingClock = backgroundJobs ? schedulePublishingClock(services, app.log) : undefined;
  // Members' states follow the calendar (有效 → 宽限期 → 已过期) and renewal reminders go out.
  const membershipJob = backgroundJobs ? scheduleMembershipJob(services, app.log) : undefined;
  // Activity e-mails (SMTP_URL): sent in the background from the persistent outbox.
  const outbox = backgroundJobs ? startMailOutbox(services, app.log) : undefined;
  // Waitlist offers not confirmed in time pass to the next member in line.
  const offerLapses = backgroundJobs ? scheduleOfferLapses(services, app.log) : undefined;
  // 在线留言 near their due time warn their handlers; past it, their department's supervisor.
  const messageDeadlines = backgroundJobs ? scheduleDeadlineJob(services, app.log) : undefined;
  // 群发通知: scheduled mailings go out, recipients are handed to the outbox at the configured rate.
  const mailingDispatch = backgroundJobs ? scheduleDispatch(services, app.log) : undefined;
  // Their returned mail (MAIL_BOUNCE_MAILDIR) marks recipients 退信.
  const bounceMailbox = backgroundJobs ? scheduleBounceMailbox(services, app.log) : undefined;
  // 访问统计: today's figures rolled up, past days settled, old raw hits and salts deleted.
  const statistics = backgroundJobs ? scheduleStatistics(services, app.log) : undefined;
  // 链接检查: a run when the last is LINK_CHECK_DAYS old.
  const linkChecks = backgroundJobs ? scheduleLinkChecks({ services, pageStatus: sitePageStatus(app), log: app.log }) : undefined;
  // 可用性监测: the site's own pages asked over HTTP, as a visitor would (the listening server's address).
  const availability = backgroundJobs ? scheduleAvailability(services, app.server, app.log) : undefined;
  app.addHook('onClose', async () => {
    // Requests whose clients left are still at work: they finish before anything below closes.
    if (!(await inFlight.settled())) app.log.warn('requests still running 5 s after closing began; closing anyway');
    // No further link check starts, and one going on here (scheduled or started by a call) stops first: it asks the app itself.
    await linkChecks?.stop();
    await stopLinkChecks(database);
    // A running sweep or mail round finishes before the database goes.
    await sweeps?.stop();
    await retention?.stop();
    await revisionRetention?.stop();
    await publishingClock?.stop();
    await membershipJob?.stop();
    await offerLapses?.stop();
    await messageDeadlines?.stop();
    await mailingDispatch?.stop();
    await bounceMailbox?.stop();
    await statistics?.stop();
    await availability?.stop();
    await outbox?.stop();
    await fanout.stop();
    // Counted article views are written before the database goes.
    await stopViews(database);
    await stopHits(database);
    await rateLimitCounters.close();
    closeStorages();
    if (!options.database) await database.close();
  });

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The pages' one inline script marks a stored member session before the first paint.
        scriptSrc: ["'self'", inlineScriptSource(memberSessionFlagScript), ...(config.analyticsScriptUrl ? [new URL(config.analyticsScriptUrl).origin] : [])],
        // antd writes its styles at run time (CSS-in-JS), and article bodies carry inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(config.assetBaseUrl ? [config.assetBaseUrl] : [])],
        mediaSrc: ["'self'", 'blob:', ...(config.assetBaseUrl ? [config.assetBaseUrl] : [])],
        connectSrc: ["'self'"],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });

  // Before every route: HTML, JSON and SVG answers above a threshold go out compressed.
  await registerCompression(app);

  const hasWebApp = fs.existsSync(path.join(config.webDist, 'index.html'));
  const webApp = hasWebApp ? await registerWebApp(app, config) : undefined;
  const variantFallback = imageVariantFallback(storage);
  // Where nothing answered: a picture's missing web copy redirects to its original, a page path
  // gets the web app; a page that met the database away gets the web app's answer to that.
  registerErrorHandling(
    app,
    async (request, reply) => (await variantFallback(request, reply)) || ((await webApp?.fallback(request, reply)) ?? false),
    webApp?.outage,
  );
  registerCaseInsensitiveParams(app);
  registerControlCharacterCheck(app);

  // The OpenAPI document of every call, and its pages at /api/docs (http/api-docs.ts).
  await registerApiDocs(app, config);

  // Liveness: the process answers. Readiness: the database answers and is migrated (ops/readiness.ts).
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const { ready, reason } = await checkReadiness(database);
    return reply.code(ready ? 200 : 503).send(ready ? { status: 'ready' } : { status: 'unavailable', reason });
  });

  // Uploads at /uploads/…, from the folder or the bucket.
  await registerUploadServing(app);

  // Uploads are streamed, never buffered: receiveUpload (features/uploads) enforces each kind's
  // own limit while writing. The parser's limit sits one byte above the largest kind, so a
  // file over it still shows the checker its excess byte instead of arriving silently cut.
  await app.register(multipart, { limits: { fileSize: largestUpload + 1, files: 1 } });

  registerGuardDocs(app);
  registerResponseCache(app, app.responseCache, audienceOfRequest);
  await registerFeatures(app);
  // RSS and Atom feeds of the public site (features/feeds).
  await app.register(async (scope) => feedRoutes(scope as App));
  return app;
}
