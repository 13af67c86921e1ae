import { mailingCategoryNames, mailingMessages, mailPreferencesDto, saveMailPreferencesBody, unsubscribeDto, unsubscribeQuery } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { ok } from '../../http/envelope.js';
import { currentMember, requireMember } from '../members/guard.js';
import { publicDocs } from './docs.js';
import { preferencesOf, savePreferences } from './preferences.js';
import { readUnsubscribeToken, unsubscribe } from './unsubscribe.js';

/** The body RFC 8058 clients post: `List-Unsubscribe=One-Click`, form-encoded. */
const FORM_BODY_LIMIT = 1024;

/** Unsubscribing from a mailing's link, and a member's preferences per category (docs/api.md, "会员通知"). */
export async function mailingPublic(app: App): Promise<void> {
  const { database, now } = app.services;
  const { db } = database;

  app.get(
    '/Unsubscribe',
    {
      schema: {
        ...publicDocs,
        summary: '退订链接打开时：说明将退订哪一类通知（不退订；确认退订用 POST）',
        querystring: unsubscribeQuery,
        'x-data': unsubscribeDto,
        'x-codes': { 400: mailingMessages.unsubscribeInvalid },
      },
    },
    async (request) => {
      const { category } = await readUnsubscribeToken(db, request.query.t, now());
      const name = mailingCategoryNames[category];
      return ok({ Category: category, CategoryName: name, Done: false }, mailingMessages.unsubscribeAsk(name));
    },
  );

  // Mail clients post the one-click unsubscribe form-encoded (RFC 8058); the page's button posts JSON.
  await app.register(async (plain) => {
    const scope = plain as App;
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    scope.post(
      '/Unsubscribe',
      {
        schema: {
          ...publicDocs,
          summary: '一键退订（RFC 8058：正文 List-Unsubscribe=One-Click）：退订链接所属会员不再收到该类通知',
          querystring: unsubscribeQuery,
          'x-data': unsubscribeDto,
          'x-codes': { 400: mailingMessages.unsubscribeInvalid },
        },
      },
      async (request) => {
        const done = await unsubscribe(db, request.query.t, now());
        return ok({ Category: done.category, CategoryName: done.name, Done: true }, mailingMessages.unsubscribed(done.name));
      },
    );
  });

  app.get(
    '/GetMailPreferences',
    { onRequest: requireMember, schema: { ...publicDocs, summary: '本会员各类通知的接收设置（true 接收，false 已退订）', 'x-data': mailPreferencesDto } },
    async (request) => ok(await preferencesOf(db, (await currentMember(request)).memberId)),
  );

  app.post(
    '/SaveMailPreferences',
    {
      onRequest: requireMember,
      schema: { ...publicDocs, summary: '保存本会员的通知接收设置；未传的类别保持原值', body: saveMailPreferencesBody, 'x-data': mailPreferencesDto },
    },
    async (request) => ok(await savePreferences(db, (await currentMember(request)).memberId, request.body, 'preferences', now())),
  );
}
