import {
  linkCheckDto,
  linkCheckMessages,
  linkFindingDto,
  linkFindingsFilter,
  linkFindingsQuery,
  linkHandledNames,
  linkKindNames,
  linkProblemNames,
  listOf,
  messages,
  saveLinkFindingBody,
  type LinkCheckRunDto,
  type LinkCheckState,
  type LinkFindingDto,
  type LinkHandled,
  type LinkKind,
  type LinkProblem,
} from '@portal/shared';
import { z } from 'zod';
import type { App } from '../../http/app-types.js';
import { list, ok } from '../../http/envelope.js';
import { xlsxAnswer, type ExportColumn } from '../../http/xlsx-export.js';
import { adminWrite, currentAdmin, requireAdmin } from '../system/auth/guard.js';
import { sendListExport } from '../system/list-export.js';
import type { PageStatus } from './link-check.js';
import { startLinkCheck } from './link-run.js';
import { handleFinding, linkCheckSummary, listFindings, type LinkCheckRun, type LinkFinding } from './links.js';

const docs = { tags: ['inspection (back office)'] };
const TARGET = '链接问题';

const runDto = (r: LinkCheckRun | undefined): LinkCheckRunDto | null =>
  r
    ? {
        Id: r.id,
        State: r.state as LinkCheckState,
        Origin: r.origin as 'manual' | 'scheduled',
        AdminAccount: r.admin_account,
        StartedAt: r.started_at,
        FinishedAt: r.finished_at,
        Pages: r.pages,
        Links: r.links,
        Broken: r.broken,
        Error: r.error,
      }
    : null;

const findingDto = (f: LinkFinding): LinkFindingDto => ({
  Id: f.id,
  Kind: f.kind as LinkKind,
  Url: f.url,
  Status: f.status,
  Problem: f.problem as LinkProblem,
  Detail: f.detail,
  NewsId: f.news_id,
  NewsTitle: f.news_title,
  MenuId: f.menu_id,
  MenuName: f.menu_name,
  EditorAccount: f.editor_account,
  EditorName: f.editor_name,
  Handled: f.handled as LinkHandled,
  Reason: f.reason,
  HandledBy: f.handled_by,
  HandledAt: f.handled_at,
});

/** The export's sheet: the page's table, and the details the page shows on hover. */
const exportColumns: readonly ExportColumn<LinkFinding>[] = [
  { header: '类型', width: 10, cell: (f) => linkKindNames[f.kind as LinkKind] },
  { header: '地址', width: 50, cell: (f) => f.url },
  { header: '问题', width: 18, cell: (f) => linkProblemNames[f.problem as LinkProblem] },
  { header: '状态码', width: 8, cell: (f) => f.status || '' },
  { header: '说明', width: 30, cell: (f) => f.detail },
  { header: '所在文章', width: 36, cell: (f) => f.news_title },
  { header: '文章编号', width: 10, cell: (f) => f.news_id },
  { header: '栏目', width: 16, cell: (f) => f.menu_name },
  {
    header: '编辑',
    width: 20,
    cell: (f) => (f.editor_name && f.editor_account ? `${f.editor_name}（${f.editor_account}）` : f.editor_name || f.editor_account),
  },
  { header: '处理状态', width: 10, cell: (f) => linkHandledNames[f.handled as LinkHandled] },
  { header: '原因', width: 24, cell: (f) => f.reason },
  { header: '处理人', width: 12, cell: (f) => f.handled_by },
  { header: '处理时间', width: 20, cell: (f) => f.handled_at },
];

/** 链接检查 (网站检查, docs/inspection.md): start a run and follow it; its findings are linkFindingsAdmin's. */
export async function linkCheckAdmin(app: App, pageStatus: PageStatus): Promise<void> {
  const { database } = app.services;
  const deps = { services: app.services, pageStatus, log: app.log };

  app.post(
    '/StartLinkCheck',
    {
      onRequest: requireAdmin('inspection:links:run'),
      schema: {
        ...docs,
        summary: '开始链接检查：在后台检查全部已发布文章的站内链接、附件、图片与外部链接，Data 为本次检查的编号；同一时间只进行一次',
        'x-data': z.int(),
        'x-codes': { 409: linkCheckMessages.running('yyyy-MM-dd HH:mm:ss') },
      },
    },
    async (request) => {
      const account = currentAdmin(request).account;
      const id = await adminWrite(request, { action: 'inspection:links:run', target: '链接检查', targetId: (runId) => runId }, () =>
        startLinkCheck(deps, 'manual', account),
      );
      return ok(id, linkCheckMessages.started);
    },
  );

  app.get(
    '/GetLinkCheck',
    {
      onRequest: requireAdmin('inspection:links'),
      schema: {
        ...docs,
        summary: '链接检查概况：最近一次检查（进行中时为进度）、列出问题的那次检查（最近一次已结束的）及其未处理问题数',
        'x-data': linkCheckDto,
      },
    },
    async () => {
      const { latest, listed, open } = await linkCheckSummary(database);
      return ok({ Latest: runDto(latest), Listed: runDto(listed), Open: open });
    },
  );
}

/** 链接检查's findings: the list, 标记已处理 / 忽略, the .xlsx. */
export async function linkFindingsAdmin(app: App): Promise<void> {
  const { database, now } = app.services;

  app.get(
    '/GetLinkFindings',
    {
      onRequest: requireAdmin('inspection:links'),
      schema: {
        ...docs,
        summary: '链接问题列表：最近一次已结束检查发现的问题（kind 类型、handled 处理状态筛选），每条写明所在文章与最后编辑人',
        querystring: linkFindingsQuery,
        'x-data': listOf(linkFindingDto),
        'x-codes': { 400: [linkCheckMessages.kindInvalid, linkCheckMessages.handledInvalid].join('；') },
      },
    },
    async (request) => {
      const { kind, handled, ...paging } = request.query;
      const page = await listFindings(database, { kind, handled }, paging);
      return list(page.items.map(findingDto), page.total);
    },
  );

  app.post(
    '/SaveLinkFinding',
    {
      onRequest: requireAdmin('inspection:links:handle'),
      schema: {
        ...docs,
        summary: '处理链接问题：Handled 为 fixed（已处理）、ignored（忽略，须填 Reason）或 open（恢复未处理）',
        body: saveLinkFindingBody,
        'x-data': linkFindingDto,
        'x-codes': { 400: [linkCheckMessages.reasonRequired, linkCheckMessages.handledInvalid].join('；'), 404: linkCheckMessages.findingNotFound },
      },
    },
    async (request) => {
      const { Id, Handled, Reason } = request.body;
      const by = currentAdmin(request).account;
      const saved = await adminWrite(
        request,
        {
          action: 'inspection:links:handle',
          target: TARGET,
          targetId: Id,
          detail: (f) => `${f.url}：${linkHandledNames[Handled]}${f.reason ? `（${f.reason}）` : ''}`,
        },
        () => handleFinding(database, Id, { handled: Handled, reason: Reason }, by, now()),
      );
      return ok(findingDto(saved), messages.saved);
    },
  );

  app.get(
    '/ExportLinkFindings',
    {
      onRequest: requireAdmin('inspection:links:export'),
      schema: { ...docs, summary: '导出链接问题为 .xlsx（筛选同 GetLinkFindings）', querystring: linkFindingsFilter, ...xlsxAnswer },
    },
    async (request, reply) => {
      const { kind, handled } = request.query;
      const { listed } = await linkCheckSummary(database);
      return sendListExport(request, reply, {
        permission: 'inspection:links:export',
        target: '链接问题',
        title: `链接问题-${(listed?.started_at ?? '').slice(0, 10) || '无'}`,
        asciiName: 'link-findings.xlsx',
        columns: exportColumns,
        read: async (page) => (await listFindings(database, { kind, handled }, page)).items,
      });
    },
  );
}
