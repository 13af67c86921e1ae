import type { APIRequestContext } from '@playwright/test';
import { adminToken, unique } from './admin-session.js';
import { call } from './member-session.js';

/** Forms in the journeys: made and opened by staff through SaveForm and SetFormStatus. */

export interface FieldSpec {
  Key: string;
  Type: string;
  Label: string;
  [setting: string]: unknown;
}

export const field = (Key: string, Type: string, Label: string, more: Record<string, unknown> = {}): FieldSpec => ({ Key, Type, Label, ...more });

/** A form saved and, unless `closed`, opened by staff; answers its id. */
export async function createForm(request: APIRequestContext, admin: string, form: Record<string, unknown>, closed = false): Promise<number> {
  const id = await call<number>(request, 'XfSysBussiness/SaveForm', { Id: 0, ...form }, admin);
  if (!closed) await call(request, 'XfSysBussiness/SetFormStatus', { Id: id, Status: 1 }, admin);
  return id;
}

/** A public survey with a question of every type, open: what the accessibility and HTML checks read. */
export async function everyFieldForm(request: APIRequestContext): Promise<{ id: number; title: string }> {
  const title = unique('会员服务综合调查');
  const choices = ['培训', '咨询', '评优'];
  const id = await createForm(request, await adminToken(request), {
    Title: title,
    Description: '本调查用于改进协会服务，约需5分钟。',
    Kind: 'survey',
    Fields: [
      field('part1', 'section', '一、单位信息', { Help: '请按营业执照填写' }),
      field('note', 'description', '以下信息仅用于统计，不对外公开。'),
      field('company', 'text', '单位名称', { Required: true, Help: '请填写全称' }),
      field('staff', 'number', '从业人数', { Min: 1, Max: 100000 }),
      field('founded', 'date', '成立日期'),
      field('region', 'region', '所在地区', { Required: true }),
      field('phone', 'phone', '联系电话'),
      field('email', 'email', '电子邮箱'),
      field('part2', 'section', '二、服务评价'),
      field('kind', 'radio', '单位类型', { Options: ['保险公司', '工程企业', '咨询机构'] }),
      field('services', 'checkbox', '用过的服务', { Options: choices, MinPicks: 1, MaxPicks: 2 }),
      field('channel', 'select', '了解协会的渠道', { Options: ['官网', '公众号', '同行介绍'] }),
      field('score', 'rating', '总体评分', { Scale: 10 }),
      field('matrix', 'matrix', '各项服务评价', { Rows: choices, Columns: ['满意', '一般', '不满意'] }),
      field('advice', 'textarea', '意见建议', { MaxLength: 500 }),
      field('file', 'file', '相关材料', { Accept: 'document' }),
    ],
  });
  return { id, title };
}
