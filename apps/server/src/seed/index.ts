import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { ApplyState, contactsToText, formatCst, ProcessDecision, typeKinds } from '@portal/shared';
import { stripHtml } from '../content/plain-text.js';
import type { Services } from '../http/app-types.js';
import { hashPassword } from '../features/system/auth/passwords.js';
import type { DB } from '../db/schema.js';
import { seedActivities } from './activities.js';
import { demoArticles, type DemoArticle } from './articles.js';
import { demoCertificates } from './certificates.js';
import { demoMembers } from './members.js';
import { friendLinks, typeLists, visitHistory } from './catalogue.js';
import { saveDemoImages, type DemoImages } from './images.js';
import { demoMenuNames as m, menuColumns, menuTree, type DemoMenuName, type MenuSeed } from './menus.js';
import { createRandom } from './random.js';

export { certSearchUrl, demoMenuNames, externalMenuUrl } from './menus.js';

/** Fixed, so every machine gets the same demo site. */
const SEED = 20_240_601;
/** Serialises seeding between instances starting together on one PostgreSQL database. */
const SEED_LOCK = 7_411_301;

/** Home page seats (spec §2): which menus feed each one, and how many articles it holds. */
const seatSources: readonly { seat: number; menus: readonly DemoMenuName[]; size: number }[] = [
  { seat: 1, menus: [m.policy], size: 16 },
  { seat: 2, menus: [m.notices], size: 15 },
  { seat: 3, menus: [m.activities, m.memberNews, m.localNews], size: 16 },
  { seat: 4, menus: [m.industry], size: 12 },
];
/** The carousel shows the newest pictured article of each of these menus. */
const bannerSources: readonly DemoMenuName[] = [m.activities, m.policy, m.industry, m.memberNews];

const DAY_MS = 86_400_000;

/** Fills an empty database with the demo association's content (menus, articles, banners…). */
export async function seedIfEmpty(services: Services, log: FastifyBaseLogger): Promise<void> {
  const { database } = services;
  if (await hasMenus(database.db)) return;
  const started = performance.now();
  const seeded = await database.db.transaction().execute(async (trx) => {
    if (database.engine === 'postgres') await sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    // Another instance may have seeded while this one waited for the lock.
    if (await hasMenus(trx)) return false;
    await seedContent(trx, services, await saveDemoImages(services.storage, SEED, log));
    return true;
  });
  if (seeded) log.info({ ms: Math.round(performance.now() - started) }, 'empty database: demo content seeded');
}

async function hasMenus(db: Kysely<DB>): Promise<boolean> {
  return (await db.selectFrom('menus').select('id').limit(1).executeTakeFirst()) !== undefined;
}

interface Inserted extends DemoArticle {
  id: number;
  menuId: number;
}

async function seedContent(db: Kysely<DB>, { config, database }: Services, images: DemoImages): Promise<void> {
  const now = Date.now();
  const rng = createRandom(SEED);
  const launched = formatCst(now - 740 * DAY_MS);
  const menuIds = await insertMenus(db, menuTree, 0, launched);

  const articles: Inserted[] = [];
  for (const article of demoArticles({ rng, site: config.site, now, covers: images.covers })) {
    const menuId = menuIds.get(article.menu) as number;
    const { id } = await db
      .insertInto('news')
      .values({
        menu_id: menuId,
        title: article.title,
        content: article.content,
        body_text: stripHtml(article.content),
        image_url: article.imageUrl,
        status: 1,
        is_top: article.isTop ? 1 : 0,
        is_member_read: article.isMemberRead ? 1 : 0,
        author: article.author,
        process_item_name: '',
        views: article.views,
        news_create_time: article.publishedAt,
        created_at: article.publishedAt,
        updated_at: article.publishedAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    articles.push({ ...article, id, menuId });
  }
  const newestFirst = [...articles].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
  const created = formatCst(now);

  const positions = seatSources.flatMap(({ seat, menus, size }) =>
    newestFirst
      .filter((a) => menus.includes(a.menu))
      .slice(0, size)
      .map((a, i) => ({ seat, news_id: a.id, sort_number: i + 1, status: 1, created_at: created })),
  );
  await db.insertInto('positions').values(positions).execute();

  const banners = bannerSources.map((menu, i) => {
    const target = newestFirst.find((a) => a.menu === menu && a.imageUrl) ?? newestFirst.find((a) => a.menu === menu);
    if (!target) throw new Error(`no article in ${menu} for a banner`);
    return {
      type: 2,
      title: target.title,
      image_url: images.banners[i % images.banners.length] as string,
      jump_url: `/info?MenuId=${target.menuId}&NewsId=${target.id}`,
      sort_number: i + 1,
      status: 1,
      created_at: target.publishedAt,
    };
  });
  await db.insertInto('banners').values(banners).execute();

  await db
    .insertInto('friend_links')
    .values(friendLinks.map((l, i) => ({ title: l.title, url: l.url, sort_number: i + 1, status: 1, created_at: launched })))
    .execute();

  const types = [typeKinds.companyType, typeKinds.memberLevel, typeKinds.third].flatMap((type) =>
    typeLists[type].map((name, i) => ({ type, name, sort_number: i + 1, status: 1, created_at: launched })),
  );
  await db.insertInto('type_items').values(types).execute();

  await db
    .insertInto('visit_counts')
    .values(visitHistory(rng, now, 60))
    .execute();
  await seedActivities(db, now);

  await insertMembers(db, now);

  // A generator of their own, so the exam results stay the same whatever the articles draw.
  const certificates = demoCertificates(createRandom(SEED + 1), now);
  for (let i = 0; i < certificates.length; i += 200)
    await db
      .insertInto('certificates')
      .values(certificates.slice(i, i + 200).map(({ id_num, ...row }) => ({ ...row, ...database.idNumbers.seal(id_num) })))
      .execute();
}

/** The demo member companies (./members.ts) and the history of their applications. */
async function insertMembers(db: Kysely<DB>, now: number): Promise<void> {
  const typeIds = new Map((await db.selectFrom('type_items').select(['id', 'type', 'name']).execute()).map((t) => [`${t.type}|${t.name}`, t.id]));
  const typeId = (type: number, name: string) => typeIds.get(`${type}|${name}`) ?? 0;
  // One random password for all: nobody can sign in as a demo member until an administrator sets one.
  const passwordHash = await hashPassword(randomBytes(24).toString('base64'));
  for (const m of demoMembers(createRandom(SEED + 2), now)) {
    const { id } = await db
      .insertInto('members')
      .values({
        account: m.account,
        password_hash: passwordHash,
        member_name: m.memberName,
        company_type_id: typeId(typeKinds.companyType, m.companyType),
        member_level_id: typeId(typeKinds.memberLevel, m.memberLevel),
        company_ment: m.companyMent,
        mainbusiness: m.mainbusiness,
        reg_address: m.regAddress,
        daily_operator: m.dailyOperator,
        operator_phone: m.operatorPhone,
        remarks: '',
        legal_person: m.legalPerson,
        email: m.email,
        file_path: '',
        reg_capital: m.regCapital,
        staff_count: m.staffCount,
        join_date: m.joinDate,
        expire_date: m.expireDate,
        apply_state: m.applyState,
        status: 1,
        process_item_name: m.reason,
        directory_listed: m.listed ? 1 : 0,
        directory_contacts: m.listed ? contactsToText(['OperatorPhone']) : '',
        region: m.region,
        last_login_at: '',
        applied_at: m.appliedAt,
        created_at: m.appliedAt,
        updated_at: m.decidedAt || m.appliedAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const step = (decision: number, at: string, reason = '') => ({
      member_id: id,
      decision,
      reason,
      remark: '',
      admin_id: null,
      admin_account: decision === ProcessDecision.Submitted ? '' : 'admin',
      created_at: at,
      updated_at: at,
    });
    const history = [step(ProcessDecision.Submitted, m.appliedAt)];
    if (m.applyState === ApplyState.Approved) history.push(step(ProcessDecision.Approved, m.decidedAt));
    if (m.applyState === ApplyState.Rejected) history.push(step(ProcessDecision.Rejected, m.decidedAt, m.reason));
    await db.insertInto('member_process_items').values(history).execute();
  }
}

/** Inserts a level of the tree, then each entry's children under its new id; returns ids by name. */
async function insertMenus(db: Kysely<DB>, level: readonly MenuSeed[], parentId: number, createdAt: string, ids = new Map<DemoMenuName, number>()) {
  for (const [index, seed] of level.entries()) {
    const { id } = await db
      .insertInto('menus')
      .values({ ...menuColumns(seed, parentId, (index + 1) * 10), created_at: createdAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(seed.name, id);
    if (seed.children) await insertMenus(db, seed.children, id, createdAt, ids);
  }
  return ids;
}
