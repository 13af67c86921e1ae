import rateLimit from '@fastify/rate-limit';
import { z } from 'zod';
import { adminLoginBody, captchaFields, editAdminPwdBody, loginUserDto, messages, twoFactorMessages } from '@portal/shared';
import type { App } from '../../../http/app-types.js';
import { currentAdmin, requireAdminAnyPending, requireAdminPendingPassword } from './guard.js';
import { requestToken } from '../../../http/request-token.js';
import { ok } from '../../../http/envelope.js';
import { clientOf } from '../../../http/user-agent.js';
import { loadPrincipal } from './access.js';
import { issueCaptcha } from './captcha.js';
import { adminDocs, publicDocs } from '../docs.js';
import { toLoginUserDto } from './dto.js';
import { changeOwnPassword, signIn, signOut } from './login.js';

/** Sign-in, sign-out, the caller's own account and password (spec §7 GetCode, Login, GetLoginUser, EditAdminPwd). */
export async function authRoutes(app: App): Promise<void> {
  const { services } = app;
  const perMinute = services.config.adminSession.loginsPerMinute;

  // Per client address, on top of the per-account lockout: slows password guessing across accounts.
  await app.register(async (scope) => {
    const limited = scope as App;
    await limited.register(rateLimit, { global: false, ...services.rateLimitCounters.options('admin-sign-in') });

    /** Spec §7: Data = captcha image, Url = its one-time ticket (a top-level envelope field). */
    limited.get(
      '/GetCode',
      {
        schema: { ...publicDocs, summary: '登录验证码（图片与一次性票据）', 'x-data': captchaFields.Data, 'x-fields': { Url: captchaFields.Url } },
        config: { rateLimit: { max: perMinute * 3, timeWindow: 60_000 } },
      },
      async () => {
        const captcha = await issueCaptcha(services.database, services.now(), app.captchaIssued);
        return { ...ok(captcha.image), Url: captcha.ticket };
      },
    );

    limited.post(
      '/Login',
      {
        schema: {
          ...publicDocs,
          summary: '管理员登录（TreeCode 验证码，FullName 验证码票据）',
          body: adminLoginBody,
          'x-data': z.string().describe('后台会话令牌'),
          'x-codes': {
            512: {
              message: `${twoFactorMessages.codeNeeded}：密码正确且账号开启了二次验证，以 Data 票据调用 LoginTotp`,
              data: z.string().describe('LoginTotp 的票据'),
            },
          },
        },
        config: { rateLimit: { max: perMinute, timeWindow: 60_000 } },
      },
      async (request) => {
        const { Account, Password, TreeCode, FullName } = request.body;
        const token = await signIn(services, { account: Account, password: Password, captchaAnswer: TreeCode, ticket: FullName, ...clientOf(request) });
        return ok(token, messages.loggedIn);
      },
    );
  });

  /** Ends the caller's session; a token that no longer opens one is already logged out. */
  app.post('/Logout', { schema: { ...adminDocs, 'x-optional-session': 'admin', summary: '退出登录（注销当前会话）' } }, async (request) => {
    const token = requestToken(request);
    const admin = token ? await loadPrincipal(services.database, token, services.now(), services.config.adminSession) : null;
    if (!admin) return ok(null, messages.alreadyLoggedOut);
    await signOut(services, admin, request.clientAddress);
    return ok(null, messages.loggedOut);
  });

  app.get(
    '/GetLoginUser',
    { onRequest: requireAdminAnyPending(), schema: { ...adminDocs, summary: '当前管理员（含按钮权限 ButtonL）', 'x-data': loginUserDto } },
    async (request) => ok(toLoginUserDto(currentAdmin(request))),
  );

  await ownPasswordRoute(app);
}

/**
 * EditAdminPwd: the signed-in admin's own password. The back office calls it under
 * /api/XfSystemApi; the score portal (spec §7) under /api/XfWebApi, with the same admin token
 * and the same rules.
 */
export async function ownPasswordRoute(app: App): Promise<void> {
  app.post(
    '/EditAdminPwd',
    { onRequest: requireAdminPendingPassword(), schema: { ...adminDocs, summary: '修改本人密码（管理员令牌；其他会话随之失效）', body: editAdminPwdBody } },
    async (request) => {
      const { Password, Newpwd } = request.body;
      await changeOwnPassword(app.services, currentAdmin(request), request.clientAddress, { old: Password, new: Newpwd });
      return ok(null, messages.saved);
    },
  );
}
