import {
  recoveryCodeCountDto,
  renewRecoveryCodesBody,
  totpRecoveryCodesDto,
  twoFactorMessages,
  type RecoveryCodeCountDto,
  type TotpRecoveryCodesDto,
} from '@portal/shared';
import type { App } from '../../../http/app-types.js';
import { currentAdmin, requireAdminOwnSecondFactor } from '../auth/guard.js';
import { ok } from '../../../http/envelope.js';
import { adminDocs } from '../docs.js';
import { recoveryCodeCount, renewRecoveryCodes } from './service.js';

/** The recovery codes of the caller's own second factor: how many are left, and new ones for old. */
export async function recoveryCodeRoutes(app: App): Promise<void> {
  const { services } = app;

  app.get(
    '/GetRecoveryCodeCount',
    {
      onRequest: requireAdminOwnSecondFactor(),
      schema: { ...adminDocs, summary: '本人未使用的恢复码个数（Unused）与生成的总数（Total）；未开启二次验证时 Code 400', 'x-data': recoveryCodeCountDto },
    },
    async (request) => {
      const { unused, total } = await recoveryCodeCount(services.database.db, currentAdmin(request).adminId);
      return ok<RecoveryCodeCountDto>({ Unused: unused, Total: total });
    },
  );

  app.post(
    '/RenewRecoveryCodes',
    {
      onRequest: requireAdminOwnSecondFactor(),
      schema: {
        ...adminDocs,
        summary: '重新生成本人的恢复码（需密码与当前动态验证码）：返回 10 个新恢复码（仅此一次），原有恢复码随之失效',
        body: renewRecoveryCodesBody,
        'x-data': totpRecoveryCodesDto,
      },
    },
    async (request) => {
      const { Password, Code } = request.body;
      const codes = await renewRecoveryCodes(services, currentAdmin(request), request.clientAddress, { password: Password, code: Code });
      return ok<TotpRecoveryCodesDto>({ RecoveryCodes: codes }, twoFactorMessages.recoveryCodesRenewed);
    },
  );
}
