import type { Kysely } from 'kysely';
import { formatCst, formMessages, typeKinds, type FormDetailDto, type FormDto, type FormListQuery, type SaveFormBody } from '@portal/shared';
import type { Database } from '../../db/connection.js';
import type { DB } from '../../db/schema.js';
import type { Services } from '../../http/app-types.js';
import { containing } from '../../db/like.js';
import { withKeyLocked } from '../../db/key-lock.js';
import { badRequest } from '../../http/envelope.js';
import { pageWindow } from '../../http/paging.js';
import { answeredKeys, checkAnsweredFieldsKept, findForm, toFormDto } from './definition.js';
import { removeUploads } from '../uploads/sweep.js';
import { UPLOAD_KIND } from './submit.js';

/**
 * 表单与问卷 in the back office: a form's settings and fields, copies, closing and reopening.
 * A save of a form's fields runs under the form's key, as responses do (submit.ts), so no
 * response lands between the check of the answered fields and the new definition.
 */

type Db = Kysely<DB>;

/** The key (db/key-lock.ts) that responses to a form and saves of its fields take turns on. */
export const formKey = (formId: number) => `form:${formId}`;

/** Runs `work` in a transaction holding the form's key. */
export const formLocked = <T>(database: Database, formId: number, work: (trx: Kysely<DB>) => Promise<T>) => withKeyLocked(database, formKey(formId), work);

export async function listForms(db: Db, q: FormListQuery, now: number): Promise<{ items: FormDto[]; total: number }> {
  const matching = db
    .selectFrom('forms')
    .$if(!!q.title, (qb) => qb.where(containing('title', q.title ?? '')))
    .$if(q.kind !== undefined, (qb) => qb.where('kind', '=', q.kind ?? 'form'))
    .$if(q.status !== undefined, (qb) => qb.where('status', '=', q.status ?? 0));
  const { limit, offset } = pageWindow(q);
  const [rows, { total }] = await Promise.all([
    matching.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    matching.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const at = formatCst(now);
  return { items: rows.map((r) => toFormDto(r, at)), total: Number(total) };
}

export async function formDetail(db: Db, id: number, now: number): Promise<FormDetailDto> {
  const form = await findForm(db, id);
  return { ...toFormDto(form.row, formatCst(now)), Fields: form.fields, AnsweredFields: await answeredKeys(db, form) };
}

async function checkLevels(db: Db, levels: readonly number[]): Promise<void> {
  if (levels.length === 0) return;
  const found = await db.selectFrom('type_items').select('id').where('type', '=', typeKinds.memberLevel).where('id', 'in', levels).execute();
  if (found.length !== new Set(levels).size) throw badRequest(formMessages.levelUnknown);
}

const settingsOf = (b: SaveFormBody) => ({
  title: b.Title,
  description: b.Description,
  kind: b.Kind,
  audience: b.Audience,
  levels: b.Audience === 'levels' ? [...new Set(b.Levels)].join(',') : '',
  open_time: b.OpenTime,
  close_time: b.CloseTime,
  once_per_member: b.OncePerMember ? 1 : 0,
  anonymous: b.Anonymous ? 1 : 0,
  response_limit: b.ResponseLimit,
  publish_summary: b.PublishSummary ? 1 : 0,
  results_visible: b.ResultsVisible,
  definition: JSON.stringify(b.Fields),
});

/** SaveForm: answers the form's id. A new form starts closed. */
export async function saveForm(database: Database, b: SaveFormBody, now: number): Promise<number> {
  const { db } = database;
  await checkLevels(db, b.Audience === 'levels' ? b.Levels : []);
  const at = formatCst(now);
  if (b.Id === 0) {
    const row = await db
      .insertInto('forms')
      .values({ ...settingsOf(b), status: 0, version: 1, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  await findForm(db, b.Id);
  await formLocked(database, b.Id, async (trx) => {
    const form = await findForm(trx, b.Id);
    checkAnsweredFieldsKept(form.fields, await answeredKeys(trx, form), b.Fields);
    const settings = settingsOf(b);
    const changed = settings.definition !== form.row.definition;
    await trx
      .updateTable('forms')
      .set({ ...settings, version: changed ? form.row.version + 1 : form.row.version, updated_at: at })
      .where('id', '=', b.Id)
      .execute();
  });
  return b.Id;
}

/** CopyForm: the settings and fields under「…（副本）」, closed, without responses. */
export async function copyForm(db: Db, id: number, now: number): Promise<number> {
  const { row } = await findForm(db, id);
  const at = formatCst(now);
  const { id: _id, response_count: _count, status: _status, version: _version, created_at: _created, updated_at: _updated, ...settings } = row;
  const copy = await db
    .insertInto('forms')
    .values({ ...settings, title: `${row.title}（副本）`.slice(0, 200), status: 0, version: 1, response_count: 0, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return copy.id;
}

/** SetFormStatus: 1 opens (reopens), 0 closes. */
export async function setFormStatus(db: Db, id: number, status: number, now: number): Promise<void> {
  await findForm(db, id);
  await db
    .updateTable('forms')
    .set({ status, updated_at: formatCst(now) })
    .where('id', '=', id)
    .execute();
}

const RESPONSE_PAGE = 1000;
const PATH_CHUNK = 500;

/** The files answered to these forms (private uploads of kind formFile that their responses name), read a page of responses at a time. */
async function answeredFiles(db: Db, formIds: number[]): Promise<{ id: number; path: string }[]> {
  const paths = new Set<string>();
  for (let after = 0; ;) {
    const rows = await db
      .selectFrom('form_responses')
      .select(['id', 'answers'])
      .where('form_id', 'in', formIds)
      .where('id', '>', after)
      .orderBy('id')
      .limit(RESPONSE_PAGE)
      .execute();
    if (rows.length === 0) break;
    for (const row of rows)
      for (const value of Object.values(JSON.parse(row.answers) as Record<string, unknown>)) if (typeof value === 'string') paths.add(value);
    after = rows.at(-1)!.id;
  }
  const named = [...paths];
  const files: { id: number; path: string }[] = [];
  for (let i = 0; i < named.length; i += PATH_CHUNK)
    files.push(
      ...(await db
        .selectFrom('uploads')
        .select(['id', 'path'])
        .where('kind', '=', UPLOAD_KIND)
        .where('path', 'in', named.slice(i, i + PATH_CHUNK))
        .execute()),
    );
  return files;
}

/**
 * DelForm: the forms, everything answered to them, and the files answered with them (nothing
 * else names a form's file, and the upload sweep leaves adopted files alone); answers how many
 * forms went. The files go once the rows have: a failed delete leaves every response its file.
 */
export async function deleteForms(services: Pick<Services, 'database' | 'storage' | 'privateStorage'>, ids: number[]): Promise<number> {
  const files = await answeredFiles(services.database.db, ids);
  const deleted = await services.database.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('form_texts').where('form_id', 'in', ids).execute();
    await trx.deleteFrom('form_respondents').where('form_id', 'in', ids).execute();
    await trx.deleteFrom('form_responses').where('form_id', 'in', ids).execute();
    const result = await trx.deleteFrom('forms').where('id', 'in', ids).executeTakeFirst();
    return Number(result.numDeletedRows);
  });
  await removeUploads(services, files);
  return deleted;
}
