import { z } from 'zod';
import { linkCheckMessages } from '../messages/link-check.js';
import { idParam, optionalParam, pagingQuery } from './common.js';

/**
 * 链接检查 (docs/inspection.md, "链接检查"): what a link is, what can be wrong with it and what the
 * office made of a finding, named once for the server, the page and the export.
 */

/** internal: a page of the site; file, image: an upload; external: another site's address. */
export const linkKinds = ['internal', 'file', 'image', 'external'] as const;
export type LinkKind = (typeof linkKinds)[number];
export const linkKindNames: Record<LinkKind, string> = { internal: '站内页面', file: '附件', image: '图片', external: '外部链接' };

export const linkProblems = [
  '404',
  '4xx',
  '5xx',
  'timeout',
  'unreachable',
  'redirect-offsite',
  'redirect-loop',
  'too-many-redirects',
  'missing',
  'private-address',
] as const;
export type LinkProblem = (typeof linkProblems)[number];
export const linkProblemNames: Record<LinkProblem, string> = {
  '404': '页面不存在（404）',
  '4xx': '拒绝访问（4xx）',
  '5xx': '服务器错误（5xx）',
  timeout: '超时无响应',
  unreachable: '无法连接',
  'redirect-offsite': '跳转到其他网站',
  'redirect-loop': '循环跳转',
  'too-many-redirects': '跳转次数过多',
  missing: '文件不存在',
  'private-address': '指向内网地址',
};

export const linkHandledStates = ['open', 'fixed', 'ignored'] as const;
export type LinkHandled = (typeof linkHandledStates)[number];
export const linkHandledNames: Record<LinkHandled, string> = { open: '未处理', fixed: '已处理', ignored: '已忽略' };

export const linkCheckStates = ['running', 'done', 'failed'] as const;
export type LinkCheckState = (typeof linkCheckStates)[number];
export const linkCheckStateNames: Record<LinkCheckState, string> = { running: '检查中', done: '已完成', failed: '已中断' };

/** GetLinkFindings and its export: the latest finished run's findings, of one kind and handled state when given. */
export const linkFindingsFilter = z.object({
  kind: optionalParam(z.enum(linkKinds, { error: linkCheckMessages.kindInvalid })),
  handled: optionalParam(z.enum(linkHandledStates, { error: linkCheckMessages.handledInvalid })),
});
export const linkFindingsQuery = pagingQuery.extend(linkFindingsFilter.shape);
export type LinkFindingsQuery = z.infer<typeof linkFindingsQuery>;

/** SaveLinkFinding: 标记已处理, 忽略 (with its reason) or back to 未处理. */
export const saveLinkFindingBody = z
  .object({
    Id: idParam,
    Handled: z.enum(linkHandledStates, { error: linkCheckMessages.handledInvalid }),
    Reason: z.string({ error: linkCheckMessages.reasonTooLong }).trim().max(200, linkCheckMessages.reasonTooLong).default(''),
  })
  .refine((b) => b.Handled !== 'ignored' || b.Reason !== '', { message: linkCheckMessages.reasonRequired, path: ['Reason'] });
export type SaveLinkFindingBody = z.infer<typeof saveLinkFindingBody>;
