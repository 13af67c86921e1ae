import type { FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { z } from 'zod';
import { ApplyState, Code, memberLoginForm, memberMessages, messages, systemMessages } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { requestToken } from '../../http/request-token.js';
import { ok, type Envelope } from '../../http/envelope.js';
import { clientOf } from '../../http/user-agent.js';
import { publicDocs, memberDocs } from './docs.js';
import { signInMember } from './login.js';
import { endMemberSession, resumeMemberSession } from '../system/auth/member-sessions.js';

/** GetLoginToken's answer under review / rejected: the envelope plus the application token. */
type ApplicationAnswer = Envelope<string | null> & { Token: string };

/** Member sign-in and sign-out (spec §7 GetLoginToken; Logout). */
export async function memberLoginPublic(app: App): Promise<void> {
  const { services } = app;
  const { database, config, now } = services;

  /**
   * Spec §8 passes Codes 510 and 511 through to the caller: 510 under review, 511 rejected with
   * the reason in Data. Both carry `Token`, an application token that opens GetMemberApplyRc
   * and the resubmission through ApplyMember (docs/api.md).
   */
  const signIn = async (request: FastifyRequest, form: z.infer<typeof memberLoginForm>): Promise<Envelope<string> | ApplicationAnswer> => {
    const outcome = await signInMember(services, { account: form.str1, password: form.str2, ...clientOf(request) });
    switch (outcome.state) {
      case ApplyState.Approved:
        // Signed in as ever (Code 200, the token); an initial password is then the one thing to change (GetUserInfo.MustChangePwd).
        return ok(outcome.token, outcome.mustChangePassword ? systemMessages.mustChangePassword : messages.loggedIn);
      case ApplyState.UnderReview:
        return {
          Code: Code.ApplicationPending,
          Message: memberMessages.applicationPending,
          Data: null,
          Token: outcome.applicationToken,
        } satisfies ApplicationAnswer;
      case ApplyState.Rejected:
        return {
          Code: Code.ApplicationRejected,
          Message: memberMessages.applicationRejected,
          Data: outcome.reason,
          Token: outcome.applicationToken,
        } satisfies ApplicationAnswer;
    }
  };

  // Per client address, on top of the per-account lockout (the same budget as the back office's sign-in).
  await app.register(async (scope) => {
    const limited = scope as App;
    await limited.register(rateLimit, { global: false, ...app.services.rateLimitCounters.options('member-login') });
    // One limiter (one counter per address) for both methods: a limit per route would double the guesses.
    const limit = limited.rateLimit({ max: config.adminSession.loginsPerMinute, timeWindow: 60_000 });
    const token = { Token: z.string().describe('申请令牌：打开 GetMemberApplyRc 与重新提交的 ApplyMember') };
    const docs = {
      ...publicDocs,
      summary:
        '会员登录（str1 账号，str2 密码）；审核中 Code 510，未通过 Code 511（Data 为原因），二者附申请令牌 Token；初始密码未修改时仍为 Code 200，Message 为“首次登录请先修改初始密码”，修改前其他会员接口答 Code 403',
      'x-rate-limited': true,
      'x-data': z.string().describe('会员令牌'),
      'x-codes': {
        510: { message: memberMessages.applicationPending, fields: token },
        511: { message: memberMessages.applicationRejected, data: z.string().describe('未通过的原因'), fields: token },
      },
    };
    // The spec's client sends the credentials as a query; the query is kept out of the logs (http/log-redaction.ts).
    limited.get('/GetLoginToken', { onRequest: limit, schema: { ...docs, querystring: memberLoginForm } }, (request) => signIn(request, request.query));
    limited.post('/GetLoginToken', { onRequest: limit, schema: { ...docs, body: memberLoginForm } }, (request) => signIn(request, request.body));
  });

  /** Ends the session of the token (a member's or an applicant's); a token that opens none is already logged out. */
  app.post('/Logout', { schema: { ...memberDocs, 'x-optional-session': 'member', summary: '会员退出登录（注销当前会话或申请令牌）' } }, async (request) => {
    const token = requestToken(request);
    const session = token ? await resumeMemberSession(database.db, token, now()) : null;
    if (!session) return ok(null, messages.alreadyLoggedOut);
    await endMemberSession(database.db, session.sessionId);
    return ok(null, messages.loggedOut);
  });
}
