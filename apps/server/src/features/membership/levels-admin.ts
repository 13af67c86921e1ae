import { z } from 'zod';
import { memberLevelTermsDto, messages, saveMemberLevelTermsBody } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { ok } from '../../http/envelope.js';
import { keepOmittedFields } from '../../http/omitted-fields.js';
import { adminDocs } from '../members/docs.js';
import { toLevelTermsDto } from './dto.js';
import { listLevelTerms, saveLevelTerms } from '../members/level-terms.js';

/** 会员等级: each level's dues, term, grace period and whether applications are reviewed (GetMemberLevelTerms, SaveMemberLevelTerms). */
export async function membershipLevelsAdmin(app: App): Promise<void> {
  const { database, now } = app.services;
  const { db } = database;

  app.get(
    '/GetMemberLevelTerms',
    {
      onRequest: requireAdmin('member:level:list', 'member:payment:add'),
      schema: { ...adminDocs, summary: '会员等级及其年费、会籍期限、宽限期、是否需审核', 'x-data': z.array(memberLevelTermsDto) },
    },
    async () => ok((await listLevelTerms(db)).map(toLevelTermsDto)),
  );

  app.post(
    '/SaveMemberLevelTerms',
    {
      onRequest: requireAdmin('member:level:edit'),
      // A level never saved reads as the default terms (terms.ts), which an omitted field keeps too.
      preValidation: keepOmittedFields('LevelId', async (id) => {
        const level = (await listLevelTerms(db)).find((l) => l.levelId === id);
        return level && toLevelTermsDto(level);
      }),
      schema: {
        ...adminDocs,
        summary: '修改会员等级的会费标准（未传的字段保持原值）；已有会员的有效期至不变，自下次缴费起按新标准',
        body: saveMemberLevelTermsBody,
      },
    },
    async (request) => {
      const body = request.body;
      await adminWrite(
        request,
        {
          action: 'member:level:edit',
          target: '会员等级',
          targetId: body.LevelId,
          detail: (name) => `${name}：年费${body.AnnualFee}元，宽限期${body.GraceDays}天`,
        },
        () => saveLevelTerms(db, body, now()),
      );
      return ok(null, messages.saved);
    },
  );
}
