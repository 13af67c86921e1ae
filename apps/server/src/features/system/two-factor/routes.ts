import rateLimit from '@fastify/rate-limit';
import { z } from 'zod';
import {
  confirmTotpBody,
  disableTotpBody,
  loginTotpBody,
  messages,
  totpRecoveryCodesDto,
  totpSetupDto,
  twoFactorMessages,
  type TotpRecoveryCodesDto,
  type TotpSetupDto,
} from '@portal/shared';
import type { App } from '../../../http/app-types.js';
import { currentAdmin, requireAdminOwnSecondFactor, requireAdminPendingSecondFactor } from '../auth/guard.js';
import { ok } from '../../../http/envelope.js';
import { clientOf } from '../../../http/user-agent.js';
import { adminDocs, publicDocs } from '../docs.js';
import { signInWithSecondFactor } from './sign-in.js';
import { beginEnrolment, confirmEnrolment, turnOff } from './service.js';

/**
 * The second factor of the caller's own account (BeginTotp, ConfirmTotp, DisableTotp; its recovery
 * codes in recovery-routes.ts) and the second step of signing in with it (LoginTotp). Another
 * admin's is reset by ResetAdminTotp (reset-routes.ts).
 */
export async function twoFactorRoutes(app: App): Promise<void> {
  const { services } = app;

  // Per client address like Login: the lockout stops guessing one account, this many accounts.
  await app.register(async (scope) => {
    const limited = scope as App;
    await limited.register(rateLimit, { global: false, ...services.rateLimitCounters.options('admin-second-factor') });
    limited.post(
      '/LoginTotp',
      {
        schema: {
          ...publicDocs,
          summary: '登录第二步：Login 返回 Code 512 的票据 Ticket 与 6 位动态验证码或恢复码 Code；Data 为令牌',
          body: loginTotpBody,
          'x-data': z.string().describe('后台会话令牌'),
        },
        config: { rateLimit: { max: services.config.adminSession.loginsPerMinute, timeWindow: 60_000 } },
      },
      async (request) => {
        const token = await signInWithSecondFactor(services, { ticket: request.body.Ticket, code: request.body.Code, ...clientOf(request) });
        return ok(token, messages.loggedIn);
      },
    );
  });

  app.post(
    '/BeginTotp',
    {
      onRequest: requireAdminPendingSecondFactor(),
      schema: { ...adminDocs, summary: '开始绑定二次验证：新密钥（待确认）、otpauth 地址与二维码', 'x-data': totpSetupDto },
    },
    async (request) => {
      const setup = await beginEnrolment(services, currentAdmin(request));
      return ok<TotpSetupDto>({ Secret: setup.secret, Uri: setup.uri, QrCode: setup.qrCode });
    },
  );

  app.post(
    '/ConfirmTotp',
    {
      onRequest: requireAdminPendingSecondFactor(),
      schema: {
        ...adminDocs,
        summary: '确认绑定：登录密码与当前动态验证码；开启二次验证并返回 10 个恢复码（仅此一次），本人的其他会话随之失效',
        body: confirmTotpBody,
        'x-data': totpRecoveryCodesDto,
      },
    },
    async (request) => {
      const { Password, Code } = request.body;
      const codes = await confirmEnrolment(services, currentAdmin(request), request.clientAddress, { password: Password, code: Code });
      return ok<TotpRecoveryCodesDto>({ RecoveryCodes: codes }, twoFactorMessages.turnedOn);
    },
  );

  app.post(
    '/DisableTotp',
    { onRequest: requireAdminOwnSecondFactor(), schema: { ...adminDocs, summary: '关闭本人的二次验证（需密码与当前动态验证码）', body: disableTotpBody } },
    async (request) => {
      await turnOff(services, currentAdmin(request), request.clientAddress, { password: request.body.Password, code: request.body.Code });
      return ok(null, twoFactorMessages.turnedOff);
    },
  );
}
