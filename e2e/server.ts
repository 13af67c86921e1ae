// The server Playwright drives: a fresh demo database in .e2e-data on its own port, built by
// buildApp exactly as main.ts builds it. Test-only seams are passed here as buildApp options.
import fs from 'node:fs';
import { z } from 'zod';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { seedIfEmpty } from '../apps/server/src/seed/index.js';
import { ensureSystemSeed } from '../apps/server/src/features/system/seed.js';
import { deliverToInbox } from '../apps/server/src/features/inbox/deliver.js';
import { setPasswordCost } from '../apps/server/src/features/system/auth/passwords.js';
import { smtpTransport, startMailOutbox } from '../apps/server/src/features/mail/outbox.js';
import { startMailServer } from '../apps/server/test/mail-server.js';
import { formatCst } from '@portal/shared';
import { dataDirOf } from './journey-servers.js';

const port = Number(process.env.E2E_PORT ?? 3100);
// One data folder per port: each worker's server, and runs on other ports, have their own database.
const dataDir = dataDirOf(port);
fs.rmSync(dataDir, { recursive: true, force: true });
const defaults = loadConfig();
const config = {
  ...defaults,
  dataDir,
  databaseUrl: undefined,
  port,
  host: '127.0.0.1',
  logLevel: 'warn',
  // The seeded super administrator `admin` signs in with this password in the journeys.
  adminPassword: 'Journey-harbour-2024',
  // The journeys sign in more often than the per-address limit allows a person.
  adminSession: { ...defaults.adminSession, loginsPerMinute: 1000 },
  // A journey that spends a per-address budget (5 messages in 10 minutes, lookups) names an
  // address of its own in X-Forwarded-For, as a proxy on this machine would: believed from loopback only.
  trustProxy: ['loopback'],
  // 访问统计 rolls today up whenever its page is opened (a round every 10 s besides): the journey
  // that visits and then reads its own views (visit-statistics.spec.ts) sees them at its next reload.
  statistics: { ...defaults.statistics, refreshSeconds: 0 },
};
// Passwords hashed at the cost of generated ones, as in the API tests (apps/server/test/setup.ts):
// a journey signs in often, and at a person's 2^15 each sign-in was 0.12 s of a busy core.
setPasswordCost(2 ** 10);
// The captcha seam: every answer issued, by ticket, for the test-only route below.
const captchaAnswers = new Map<string, string>();
let latestTicket = '';
// The clock seam: the server's time runs this many ms ahead of the machine's, so a journey can pass
// windows it cannot wait out (an election's nominations and voting). It sets it back to 0 when done.
let clockOffset = 0;
const app = await buildApp(config, {
  now: () => Date.now() + clockOffset,
  captchaIssued: (ticket, answer) => {
    captchaAnswers.set(ticket, answer);
    latestTicket = ticket;
  },
});
await seedIfEmpty(app.services, app.log);
await ensureSystemSeed(app.services, app.log);

// Test-only, registered in this file alone: the answer of the captcha with ?ticket=… (the Url
// of its GetCode answer), or of the latest one issued. Playwright signs in through the real
// captcha image flow with it.
app.get('/__e2e/captcha', { schema: { hide: true, querystring: z.object({ ticket: z.string().optional() }) } }, async (request) => {
  const ticket = request.query.ticket ?? latestTicket;
  return { ticket, answer: captchaAnswers.get(ticket) ?? null };
});
// Test-only: moves the server's clock (see clockOffset); answers the offset now in force.
app.post('/__e2e/clock', { schema: { hide: true, body: z.object({ offsetMs: z.int() }) } }, async (request) => {
  clockOffset = request.body.offsetMs;
  return { offsetMs: clockOffset };
});
// Test-only: delivers 站内信 to the member with this account, as a mailing would (features/inbox/deliver.ts).
app.post(
  '/__e2e/inbox',
  {
    schema: {
      hide: true,
      body: z.object({ account: z.string(), messages: z.array(z.object({ title: z.string(), html: z.string(), category: z.string() })) }),
    },
  },
  async (request) => {
    const { db } = app.services.database;
    const { id } = await db.selectFrom('members').select('id').where('account', '=', request.body.account).executeTakeFirstOrThrow();
    const items = request.body.messages.map((m) => ({ memberId: id, ...m, mailingId: null }));
    await deliverToInbox(db, items, formatCst(Date.now() + clockOffset));
    return { delivered: items.length };
  },
);
// The mail seam: a mail server on loopback that keeps what it receives, and an outbox sending to
// it. The site runs without SMTP_URL, as the journeys about 未配置邮件服务器 expect; a journey
// about e-mail switches it on for itself (POST /__e2e/mail) and off again when done, and reads
// what arrived (GET /__e2e/mail).
const mailServer = await startMailServer();
const mailUrl = `smtp://127.0.0.1:${mailServer.port}`;
const mailOutbox = startMailOutbox(app.services, app.log, smtpTransport(mailUrl));
app.addHook('onClose', async () => {
  await mailOutbox.stop();
  await mailServer.close();
});
app.post('/__e2e/mail', { schema: { hide: true, body: z.object({ on: z.boolean() }) } }, async (request) => {
  config.smtpUrl = request.body.on ? mailUrl : undefined;
  return { on: request.body.on };
});
app.get('/__e2e/mail', { schema: { hide: true } }, async () => ({
  received: mailServer.received.map((m) => ({ to: m.to, subject: m.subject, html: m.html })),
}));
await app.listen({ port: config.port, host: config.host });
