import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { DB } from '../../db/schema.js';

/**
 * Where uploads are named: an address that is the stored path (or ends in it, when the asset
 * base is written in front), a member's attachment or payment voucher, an election candidate's
 * photo, or a body (an article's or activity's)
 * containing it. The sweep (sweep.ts) asks whether an upload is named at all; the media library
 * (library.ts) asks where, to show it and to refuse deleting what is in use.
 */

type Db = Kysely<DB>;

/** One record that may name uploads, with the words that say which record it is. */
interface Place {
  name: string;
  addresses: string[];
  bodies: string[];
}

/** Which articles to read: all of them would mean every body on each call. */
export type ArticleFilter = (eb: ExpressionBuilder<DB, 'news'>) => Expression<SqlBool>;

/**
 * Articles whose cover or body names one of `paths`. Stored paths are
 * '/<area>/<yyyyMM>/<hex>.<ext>': nothing in them is a LIKE wildcard.
 */
export const articlesNaming =
  (paths: readonly string[]): ArticleFilter =>
  (eb) =>
    eb.or(paths.flatMap((path) => [eb('content', 'like', `%${path}%`), eb('image_url', 'like', `%${path}`)]));

/**
 * The records that may name `paths`. `articles` narrows the articles read; the other tables
 * are small and read whole (activities are few: descriptions and attachments are read whole).
 */
export async function placesNaming(db: Db, paths: readonly string[], articles: ArticleFilter): Promise<Place[]> {
  const [news, banners, menus, links, members, activities, payments, candidates] = await Promise.all([
    db.selectFrom('news').select(['title', 'image_url', 'content']).where(articles).execute(),
    db.selectFrom('banners').select(['title', 'image_url', 'jump_url']).execute(),
    db.selectFrom('menus').select(['name', 'web_url']).where('web_url', '!=', '').execute(),
    db.selectFrom('friend_links').select(['title', 'url']).execute(),
    paths.length ? db.selectFrom('members').select(['member_name', 'file_path']).where('file_path', 'in', paths).execute() : [],
    db.selectFrom('activities').select(['title', 'description', 'attachments']).execute(),
    paths.length ? db.selectFrom('member_payments').select(['receipt_no', 'voucher_path']).where('voucher_path', 'in', paths).execute() : [],
    paths.length ? db.selectFrom('election_candidates').select(['name', 'photo']).where('photo', 'in', paths).execute() : [],
  ]);
  return [
    ...news.map((a) => ({ name: `文章《${a.title}》`, addresses: [a.image_url], bodies: [a.content] })),
    ...banners.map((b) => ({ name: `轮播图《${b.title}》`, addresses: [b.image_url, b.jump_url], bodies: [] })),
    ...menus.map((m) => ({ name: `栏目《${m.name}》`, addresses: [m.web_url], bodies: [] })),
    ...links.map((l) => ({ name: `友情链接《${l.title}》`, addresses: [l.url], bodies: [] })),
    ...members.map((m) => ({ name: `会员《${m.member_name}》`, addresses: [m.file_path], bodies: [] })),
    ...activities.map((a) => ({ name: `活动《${a.title}》`, addresses: [], bodies: [a.description, a.attachments] })),
    ...payments.map((p) => ({ name: `缴费记录《${p.receipt_no}》`, addresses: [p.voucher_path], bodies: [] })),
    ...candidates.map((c) => ({ name: `选举候选人《${c.name}》`, addresses: [c.photo], bodies: [] })),
  ];
}

function names(place: Place, stored: string): boolean {
  return place.addresses.some((address) => address !== '' && address.endsWith(stored)) || place.bodies.some((body) => body.includes(stored));
}

/** Whether any of `places` names `stored`. */
export const isNamed = (places: readonly Place[], stored: string): boolean => places.some((place) => names(place, stored));

/** The names of the places that name `stored`, each once. */
export const placesOf = (places: readonly Place[], stored: string): string[] => [
  ...new Set(places.filter((place) => names(place, stored)).map((place) => place.name)),
];
