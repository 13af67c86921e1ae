import { z } from 'zod';
import { signUpFormOptionDto, signUpFormOptionsQuery } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { ok } from '../../http/envelope.js';
import { requireAdmin } from '../system/auth/guard.js';
import { signUpFormOptions } from '../forms/sign-up.js';
import { adminDocs } from './docs.js';

/**
 * The activity editor's 报名表 picker (ours; docs/api.md, "Sign-up form"). Under the activity's
 * own permissions: staff who edit activities may pick a form without managing 表单与问卷.
 */
export async function signUpFormAdmin(app: App): Promise<void> {
  const { db } = app.services.database;

  app.get(
    '/GetSignUpFormOptions',
    {
      onRequest: requireAdmin('activity:add', 'activity:edit'),
      schema: {
        ...adminDocs,
        summary: '可用作活动报名表的表单（非匿名，新建的在前，最多50个；title 按标题筛选）',
        querystring: signUpFormOptionsQuery,
        'x-data': z.array(signUpFormOptionDto),
      },
    },
    async (request) => {
      const forms = await signUpFormOptions(db, request.query.title);
      return ok(forms.map((f) => ({ Id: f.id, Title: f.title, Kind: f.kind, Status: f.status })));
    },
  );
}
