import { z } from 'zod';
import { delByIdBody, listOf, privacyPolicyDto, privacyPolicyListQuery, savePrivacyPolicyBody } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { list, ok } from '../../http/envelope.js';
import { keepOmittedFields } from '../../http/omitted-fields.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { adminDocs } from '../system/docs.js';
import {
  deletePrivacyPolicy,
  describePrivacyPolicy,
  findPrivacyPolicy,
  listPrivacyPolicies,
  PRIVACY_AUDIT_TARGET,
  privacyCodes,
  savePrivacyPolicy,
  toPrivacyPolicyDto,
} from './policy.js';

/**
 * 系统管理 → 隐私政策 under /api/XfSysBussiness/: GetPrivacyPolicyList, SavePrivacyPolicy,
 * DelPrivacyPolicy (the drafts; publishing-admin.ts publishes them). A published version is kept
 * as it was. Every write is audited.
 */
export async function privacyAdmin(app: App): Promise<void> {
  const { database, now, config } = app.services;

  app.get(
    '/GetPrivacyPolicyList',
    {
      onRequest: requireAdmin('system:privacy:list'),
      schema: {
        ...adminDocs,
        summary: '隐私政策版本列表：草稿在前，其后为已发布版本（从当前版本起倒序）；IsCurrent 标出访客当前看到的版本',
        querystring: privacyPolicyListQuery,
        'x-data': listOf(privacyPolicyDto),
      },
    },
    async (request) => {
      const page = await listPrivacyPolicies(database, config.site, request.query, now());
      return list(
        page.items.map((p) => toPrivacyPolicyDto(p, page.current)),
        page.total,
      );
    },
  );

  app.post(
    '/SavePrivacyPolicy',
    {
      onRequest: requireAdmin('system:privacy:add', 'system:privacy:edit'),
      preValidation: keepOmittedFields('Id', async (id) => {
        const policy = await findPrivacyPolicy(database, id);
        return policy && toPrivacyPolicyDto(policy, 0);
      }),
      schema: {
        ...adminDocs,
        summary: '新增（Id 为 0）或修改隐私政策草稿：正文（富文本，保存时清理）与变更说明；已发布的版本不能修改；修改时未传的字段保持原值',
        body: savePrivacyPolicyBody,
        'x-data': z.int().describe('版本记录编号'),
        'x-codes': privacyCodes,
      },
    },
    async (request) => {
      const body = request.body;
      const saved = await adminWrite(
        request,
        { action: body.Id ? 'system:privacy:edit' : 'system:privacy:add', target: PRIVACY_AUDIT_TARGET, targetId: (p) => p.id, detail: describePrivacyPolicy },
        () => savePrivacyPolicy(database, body, now()),
      );
      return ok(saved.id);
    },
  );

  app.post(
    '/DelPrivacyPolicy',
    {
      onRequest: requireAdmin('system:privacy:delete'),
      schema: { ...adminDocs, summary: '删除隐私政策草稿（已发布的版本不能删除）', body: delByIdBody, 'x-codes': privacyCodes },
    },
    async (request) => {
      const id = request.body.Id;
      await adminWrite(request, { action: 'system:privacy:delete', target: PRIVACY_AUDIT_TARGET, targetId: id, detail: describePrivacyPolicy }, () =>
        deletePrivacyPolicy(database, id),
      );
      return ok(null);
    },
  );
}
