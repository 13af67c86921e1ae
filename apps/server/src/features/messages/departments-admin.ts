import { z } from 'zod';
import { idsBody, messageBoardMessages, messageDepartmentDto, messageStaffOptionDto, saveMessageDepartmentBody } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { ok } from '../../http/envelope.js';
import { keepOmittedFields } from '../../http/omitted-fields.js';
import { adminWrite, requireAdmin } from '../system/auth/guard.js';
import { deleteDepartments, listDepartments, saveDepartment, staffOptions } from './catalogue.js';
import { adminDocs } from './docs.js';
import { toDepartmentDto } from './dto.js';

/** 留言设置: the departments that answer, their handlers and supervisor (docs/api.md, "在线留言"). */
export async function messageDepartmentsAdmin(app: App): Promise<void> {
  const { database, now } = app.services;
  const { db } = database;
  const guard = requireAdmin('message:setting');
  // The queue's filters and the assign dialog read the list too.
  const readers = requireAdmin('message:setting', 'message:list');

  app.get(
    '/GetMessageDepartmentList',
    { onRequest: readers, schema: { ...adminDocs, summary: '办理部门、办理人与督办人', 'x-data': z.array(messageDepartmentDto) } },
    async () => ok((await listDepartments(db)).map(toDepartmentDto)),
  );

  app.get(
    '/GetMessageStaffOptions',
    { onRequest: guard, schema: { ...adminDocs, summary: '可设为办理人、督办人的管理员（已启用；姓名（账号））', 'x-data': z.array(messageStaffOptionDto) } },
    async () => ok((await staffOptions(db)).map((a) => ({ AdminId: a.adminId, Name: a.name }))),
  );

  app.post(
    '/SaveMessageDepartment',
    {
      onRequest: guard,
      preValidation: keepOmittedFields('DepartmentId', async (id) => {
        const department = (await listDepartments(db)).find((d) => d.id === id);
        return department && { ...toDepartmentDto(department), HandlerIds: department.handlers.map((h) => h.adminId) };
      }),
      schema: {
        ...adminDocs,
        summary: '新增（DepartmentId 0）或修改办理部门：名称、办理人（管理员）、督办人（超期时通知）；修改时未传的字段保持原值',
        body: saveMessageDepartmentBody,
        'x-data': z.int(),
        'x-codes': { 400: messageBoardMessages.adminUnknown },
      },
    },
    async (request) => {
      const b = request.body;
      const id = await adminWrite(request, { action: 'message:setting', target: '办理部门', targetId: (n) => n, detail: () => b.Name }, () =>
        saveDepartment(database, { id: b.DepartmentId, name: b.Name, supervisorId: b.SupervisorId, handlerIds: b.HandlerIds }, now()),
      );
      return ok(id);
    },
  );

  app.post(
    '/DelMessageDepartment',
    {
      onRequest: guard,
      schema: {
        ...adminDocs,
        summary: '删除办理部门（仍有待办留言的不能删除）',
        body: idsBody,
        'x-data': z.int(),
        'x-codes': { 400: messageBoardMessages.departmentInUse },
      },
    },
    async (request) => {
      const { Ids } = request.body;
      const n = await adminWrite(request, { action: 'message:setting', target: '办理部门', detail: (count) => `删除${count}个：${Ids.join(',')}` }, () =>
        deleteDepartments(database, Ids),
      );
      return ok(n);
    },
  );
}
