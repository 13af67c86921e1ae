import { z } from 'zod';
import { messageCategoryDto, saveMessageCategoryBody } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { ok } from '../../http/envelope.js';
import { keepOmittedFields } from '../../http/omitted-fields.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { listCategories, saveCategory } from './catalogue.js';
import { adminDocs } from './docs.js';
import { toCategoryDto } from './dto.js';

/** 留言设置: the categories and their reply deadlines (docs/api.md, "在线留言"). */
export async function messageCategoriesAdmin(app: App): Promise<void> {
  const { database, now } = app.services;
  const { db } = database;
  const guard = requireAdmin('message:setting');
  // The queue's filters read the list too.
  const readers = requireAdmin('message:setting', 'message:list');

  app.get(
    '/GetMessageCategoryList',
    { onRequest: readers, schema: { ...adminDocs, summary: '留言类别（含停用的）与办理时限（工作日）', 'x-data': z.array(messageCategoryDto) } },
    async () => ok((await listCategories(db, false)).map(toCategoryDto)),
  );

  app.post(
    '/SaveMessageCategory',
    {
      onRequest: guard,
      preValidation: keepOmittedFields('CategoryId', async (id) => {
        const category = (await listCategories(db, false)).find((c) => c.id === id);
        return category && toCategoryDto(category);
      }),
      schema: {
        ...adminDocs,
        summary: '新增（CategoryId 0）或修改留言类别；新的办理时限用于此后收到的留言；修改时未传的字段保持原值',
        body: saveMessageCategoryBody,
        'x-data': z.int(),
      },
    },
    async (request) => {
      const b = request.body;
      const id = await adminWrite(
        request,
        { action: 'message:setting', target: '留言类别', targetId: (n) => n, detail: () => `${b.Name}（${b.DeadlineDays}个工作日）` },
        () => saveCategory(database, { id: b.CategoryId, name: b.Name, deadlineDays: b.DeadlineDays, sortNumber: b.SortNumber, status: b.Status }, now()),
      );
      return ok(id);
    },
  );
}
