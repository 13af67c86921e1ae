import type { Kysely } from 'kysely';
import { contentMessages, type MediaKind, type PagingQuery, type UploadDto, type UploadListQuery } from '@portal/shared';
import type { DB } from '../../db/schema.js';
import type { Services } from '../../http/app-types.js';
import { badRequest, notFound } from '../../http/envelope.js';
import { pageWindow } from '../../http/paging.js';
import { containing, containingAnyCase } from '../../db/like.js';
import type { UploadKind } from './checks.js';
import { articlesNaming, placesNaming, placesOf } from './places.js';
import { removeUploads } from './sweep.js';
import { imageVariants } from './variants.js';

/**
 * 媒体库: the public uploads (under /uploads/) with who sent them and where they are used, and
 * deleting one nothing uses. Application papers stored under /private/ are never listed: they
 * belong to their member and download only through the guarded calls (docs/security.md).
 */

type Db = Kysely<DB>;

/** Public uploads only; stored paths hold no LIKE wildcards. */
const PUBLIC_PREFIX = '/uploads/';

/** The upload kinds (checks.ts) each library kind takes. Papers from before they were private are documents. */
const kindsOf: Record<MediaKind, UploadKind[]> = {
  image: ['image', 'contributionImage'],
  file: ['file', 'memberAttachment'],
  media: ['media'],
};
const mediaKindOf = (kind: string): MediaKind => (Object.keys(kindsOf) as MediaKind[]).find((k) => kindsOf[k].some((u) => u === kind)) ?? 'file';

const VISITOR = '访客';

type Filter = Omit<UploadListQuery, keyof PagingQuery>;

/** One page of public uploads, newest first, each with its uploader and the places naming it. */
export async function listUploads(
  { database, storage, config }: Services,
  filter: Filter,
  paging: PagingQuery,
): Promise<{ items: UploadDto[]; total: number }> {
  const { db } = database;
  const owners = filter.uploader ? await ownersMatching(db, filter.uploader) : undefined;
  const matching = db
    .selectFrom('uploads')
    .where('path', 'like', `${PUBLIC_PREFIX}%`)
    .$if(!!filter.kind, (q) => q.where('kind', 'in', kindsOf[filter.kind ?? 'image']))
    .$if(!!filter.key, (q) => q.where(containing('original_name', filter.key ?? '')))
    // No uploader matching the text: no owner is ''.
    .$if(owners !== undefined, (q) => q.where('owner', 'in', owners?.length ? owners : ['']))
    .$if(!!filter.start, (q) => q.where('created_at', '>=', `${filter.start} 00:00:00`))
    .$if(!!filter.end, (q) => q.where('created_at', '<=', `${filter.end} 23:59:59`));
  const { limit, offset } = pageWindow(paging);
  const [rows, { total }] = await Promise.all([
    matching.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    matching.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const paths = rows.map((r) => r.path);
  const [places, uploaders, thumbs] = await Promise.all([
    paths.length ? placesNaming(db, paths, articlesNaming(paths)) : [],
    uploaderNames(
      db,
      rows.map((r) => r.owner),
    ),
    // The smallest web copy when it was made (a picture the encoder could not read has none).
    Promise.all(
      rows.map(async (r) => {
        if (mediaKindOf(r.kind) !== 'image') return '';
        const smallest = imageVariants(r.path)[0]?.path;
        return smallest && (await storage.stat(smallest)) ? smallest : r.path;
      }),
    ),
  ]);
  const url = (path: string) => (path ? config.assetBaseUrl + path : '');
  const items = rows.map((r, i) => ({
    Id: r.id,
    Path: r.path,
    Url: url(r.path),
    ThumbUrl: url(thumbs[i] ?? ''),
    OriginalName: r.original_name,
    Size: Number(r.size),
    Kind: mediaKindOf(r.kind),
    Uploader: uploaders.get(r.owner) ?? VISITOR,
    CreateTime: r.created_at,
    UsedBy: placesOf(places, r.path),
  }));
  return { items, total: Number(total) };
}

/**
 * Deletes a public upload, file, web copies and record, when nothing names it; answers its
 * original name for the audit log. One in use is refused with the places that name it.
 */
export async function deleteUpload(services: Services, id: number): Promise<string> {
  const { db } = services.database;
  const upload = await db
    .selectFrom('uploads')
    .select(['id', 'path', 'original_name'])
    .where('id', '=', id)
    .where('path', 'like', `${PUBLIC_PREFIX}%`)
    .executeTakeFirst();
  if (!upload) throw notFound();
  const used = placesOf(await placesNaming(db, [upload.path], articlesNaming([upload.path])), upload.path);
  if (used.length > 0) throw badRequest(contentMessages.uploadInUse(used));
  await removeUploads(services, [upload]);
  return upload.original_name;
}

/** The owners ('admin:<id>', 'member:<id>', 'visitor') whose account, name or company contains `text`. */
async function ownersMatching(db: Db, text: string): Promise<string[]> {
  const [admins, members] = await Promise.all([
    db
      .selectFrom('admin_users')
      .select('id')
      .where((eb) => eb.or([containingAnyCase('account', text), containing('full_name', text)]))
      .execute(),
    db.selectFrom('members').select('id').where(containing('member_name', text)).execute(),
  ]);
  return [...admins.map((a) => `admin:${a.id}`), ...members.map((m) => `member:${m.id}`), ...(VISITOR.includes(text) ? ['visitor'] : [])];
}

/** Names of the owners on a page: an admin's account, a member's company. */
async function uploaderNames(db: Db, owners: readonly string[]): Promise<Map<string, string>> {
  const ids = (prefix: string) => [...new Set(owners.filter((o) => o.startsWith(prefix)).map((o) => Number(o.slice(prefix.length))))];
  const [adminIds, memberIds] = [ids('admin:'), ids('member:')];
  const [admins, members] = await Promise.all([
    adminIds.length ? db.selectFrom('admin_users').select(['id', 'account']).where('id', 'in', adminIds).execute() : [],
    memberIds.length ? db.selectFrom('members').select(['id', 'member_name']).where('id', 'in', memberIds).execute() : [],
  ]);
  return new Map([...admins.map((a) => [`admin:${a.id}`, a.account] as const), ...members.map((m) => [`member:${m.id}`, m.member_name] as const)]);
}

/**
 * Marks an upload as the library's: the sweep (sweep.ts) removes only uploads not adopted, so a
 * file uploaded in 媒体库 for later use stays until someone deletes it there.
 */
export async function keepInLibrary(db: Kysely<DB>, path: string): Promise<void> {
  await db.updateTable('uploads').set({ adopted: 1 }).where('path', '=', path).execute();
}
