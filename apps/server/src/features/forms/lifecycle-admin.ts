import { z } from 'zod';
import { formIdBody, formIdsBody, formMessages, formStatusBody } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { ok } from '../../http/envelope.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { adminDocs, formMissing, TARGET } from './docs.js';
import { copyForm, deleteForms, setFormStatus } from './service.js';

/** A form copied, opened, closed and deleted (docs/api.md, "Forms, surveys and votes"). */
export async function formLifecycleAdmin(app: App): Promise<void> {
  const { database, now } = app.services;
  const { db } = database;

  app.post(
    '/CopyForm',
    {
      onRequest: requireAdmin('content:form:add'),
      schema: {
        ...adminDocs,
        summary: '复制表单（设置与题目，不含提交记录；副本为关闭状态）',
        body: formIdBody,
        'x-data': z.int().describe('副本的表单编号'),
        'x-codes': formMissing,
      },
    },
    async (request) => {
      const { Id } = request.body;
      const copy = await adminWrite(request, { action: 'content:form:add', target: TARGET, targetId: (c) => c, detail: () => `复制表单${Id}` }, () =>
        copyForm(db, Id, now()),
      );
      return ok(copy, formMessages.copied);
    },
  );

  app.post(
    '/SetFormStatus',
    {
      onRequest: requireAdmin('content:form:edit'),
      schema: { ...adminDocs, summary: '开启（Status 1，含重新开启）或关闭（Status 0）表单', body: formStatusBody, 'x-codes': formMissing },
    },
    async (request) => {
      const { Id, Status } = request.body;
      await adminWrite(request, { action: 'content:form:edit', target: TARGET, targetId: Id, detail: () => (Status ? '开启' : '关闭') }, () =>
        setFormStatus(db, Id, Status, now()),
      );
      return ok(null);
    },
  );

  app.post(
    '/DelForm',
    {
      onRequest: requireAdmin('content:form:delete'),
      schema: {
        ...adminDocs,
        summary: '删除表单及其全部提交记录与提交的附件（Ids 数组）；Data 为删除的表单数',
        body: formIdsBody,
        'x-data': z.int().describe('删除的表单数'),
      },
    },
    async (request) => {
      const { Ids } = request.body;
      const deleted = await adminWrite(request, { action: 'content:form:delete', target: TARGET, detail: (n) => `删除${n}个：${Ids.join(',')}` }, () =>
        deleteForms(app.services, Ids),
      );
      return ok(deleted);
    },
  );
}
