import type { Kysely } from 'kysely';
import { isAnswered, type FormAnswer, type FormField, type FormResponseDto } from '@portal/shared';
import type { DB } from '../../db/schema.js';
import type { ExportColumn } from '../../http/xlsx-export.js';
import type { StoredForm } from './definition.js';
import { fileLinks } from './files.js';
import { toResponseDto, type formResponses } from './results.js';

/**
 * ExportFormResponses: one row per response, one column per question in the form's order,
 * each answer written as text (the picked options joined, a matrix row by row, a file as its
 * link). Text cells are defused by the workbook writer (http/xlsx-export.ts).
 */

/** A response with the links of its files. */
export interface ExportRow {
  response: FormResponseDto;
  links: Map<string, string>;
}

/** An answer as a cell: the picked options joined, a matrix row by row, a file as its link. */
export function cellOf(field: FormField, answer: FormAnswer | undefined, links: Map<string, string>): string | number {
  if (answer === undefined) return '';
  if (typeof answer === 'number') return answer;
  if (typeof answer === 'string') return field.Type === 'file' ? (links.get(answer) ?? answer) : answer;
  if (Array.isArray(answer)) return answer.join('、');
  if (field.Type === 'region') {
    const region = answer as { Province: string; City: string };
    return `${region.Province} ${region.City}`;
  }
  return Object.entries(answer as Record<string, string>)
    .map(([row, column]) => `${row}：${column}`)
    .join('；');
}

export function exportColumns(form: StoredForm, levelNames: Map<number, string>): ExportColumn<ExportRow>[] {
  return [
    { header: '提交编号', width: 10, cell: (r) => r.response.ResponseId },
    { header: '提交时间', width: 20, cell: (r) => r.response.CreateTime },
    { header: '会员', width: 24, cell: (r) => r.response.MemberName },
    { header: '会员等级', width: 12, cell: (r) => levelNames.get(r.response.MemberLevelId) ?? '' },
    { header: '地区', width: 12, cell: (r) => r.response.Region },
    ...form.fields
      .filter((f) => isAnswered(f.Type))
      .map((f) => ({
        header: f.Label,
        width: f.Type === 'textarea' || f.Type === 'file' ? 40 : 20,
        cell: (r: ExportRow) => cellOf(f, r.response.Answers[f.Key] as FormAnswer | undefined, r.links),
      })),
  ];
}

/** A page of responses as export rows, the file links made for the page at once. */
export async function exportRows(
  db: Kysely<DB>,
  form: StoredForm,
  page: Awaited<ReturnType<typeof formResponses>>['items'],
  at: { now: number; base: string },
): Promise<ExportRow[]> {
  const responses = page.map(toResponseDto);
  const links = await fileAddresses(
    db,
    form,
    responses.map((r) => r.Answers),
    at,
  );
  return responses.map((response) => ({ response, links }));
}

/** The addresses of the files some answers name, by stored path, made at once for them all. */
export async function fileAddresses(db: Kysely<DB>, form: StoredForm, answers: readonly Record<string, unknown>[], at: { now: number; base: string }) {
  const fileKeys = form.fields.filter((f) => f.Type === 'file').map((f) => f.Key);
  const paths = answers.flatMap((a) => fileKeys.map((key) => a[key]).filter((p): p is string => typeof p === 'string'));
  const tokens = await fileLinks(db, paths, at.now);
  return new Map([...tokens].map(([path, token]) => [path, `${at.base}/api/XfWebApi/GetFormFile?token=${token}`]));
}
