import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ArticleStatus, Code, MenuShowType, messages, pagingQuery } from '@portal/shared';
import type { Services } from '../apps/server/src/http/app-types.js';
import { chosenEncoding, compressedAnswer } from '../apps/server/src/http/compression.js';
import { list, ok, type Envelope } from '../apps/server/src/http/envelope.js';
import { menuIndex } from '../apps/server/src/features/menus/service.js';
import { toNewsDetailDto, toNewsListItemDto, type Audience } from '../apps/server/src/features/news/dto.js';
import { toItem } from '../apps/server/src/features/articles/items.js';
import { menuScope } from '../apps/server/src/features/news/service.js';
import type { Neighbour } from '../apps/server/src/features/articles/neighbours.js';
import { countView } from '../apps/server/src/features/news/views.js';

/**
 * The least a server must do to answer the app's uncached GetNewsList (a menu's page) and
 * GetNewsDetail as a visitor sees them: one prepared better-sqlite3 statement on the app's own
 * SQLite file, the app's row-to-answer mapping (items.ts toItem, dto.ts) and JSON.stringify,
 * compressed as the app compresses API answers (brotli quality 3 above 1 KB): run.ts measures
 * these routes beside the app's and checks first that they answer the same bytes.
 *
 * Without the app's generality: the visitor audience only; menus whose list is their own
 * articles (not a parent standing for its sub-menus, not a single page), found with their
 * totals once at start (the bench writes no articles);
 * articles that are published, or missing, hidden or member-only (the answers a visitor gets).
 */

/** items.ts SUMMARY_CHARS: the excerpt is cut in SQL, as there, so whole bodies never travel. */
const ITEM_COLUMNS = `n.id, n.menu_id, m.name AS menu_name, n.title, n.image_url, n.status, n.is_top, n.is_member_read,
  n.news_create_time, n.created_at, n.process_item_name, substr(n.body_text, 1, 80) AS summary`;

/**
 * One page of a menu, pinned first then newest first (index news_menu_list). The menu's total
 * is not counted here: counting 政策要闻's 90,000 articles took 6 ms (the page 0.1-0.5 ms), and
 * the app keeps each menu's total until articles change (service.ts countPublished), so this
 * route takes it once at start too; counting per request would measure a route slower than the app.
 */
const LIST_SQL = `
  SELECT ${ITEM_COLUMNS} FROM news n JOIN menus m ON m.id = n.menu_id
  WHERE n.menu_id = :menu AND n.status = ${ArticleStatus.Published}
  ORDER BY n.is_top DESC, n.news_create_time DESC, n.id DESC LIMIT :limit OFFSET :offset`;

/**
 * An article and its neighbours (articles/neighbours.ts readNeighbours): the nearest newer ('previous', as
 * lists show newest first) and nearest older published article of its menu, each the nearer of
 * a seek among the pinned and one among the rest (news_menu_list orders is_top first).
 */
const seek = (newer: boolean, isTop: number) => `
  SELECT x.id, x.menu_id, x.title, x.news_create_time FROM news x, a
  WHERE x.menu_id = a.menu_id AND x.status = ${ArticleStatus.Published} AND x.is_top = ${isTop}
    AND (x.news_create_time, x.id) ${newer ? '>' : '<'} (a.news_create_time, a.id)
  ORDER BY x.news_create_time ${newer ? 'ASC' : 'DESC'}, x.id ${newer ? 'ASC' : 'DESC'} LIMIT 1`;
const neighbour = (side: Neighbour['side'], newer: boolean) => `
  SELECT '${side}', id, menu_id, NULL, title, NULL, NULL, NULL, NULL, news_create_time, NULL, NULL, NULL, NULL, NULL, NULL FROM (
    SELECT * FROM (${seek(newer, 0)}) UNION ALL SELECT * FROM (${seek(newer, 1)})
    ORDER BY news_create_time ${newer ? 'ASC' : 'DESC'}, id ${newer ? 'ASC' : 'DESC'} LIMIT 1)`;
const DETAIL_SQL = `
  WITH a AS (SELECT ${ITEM_COLUMNS}, n.content, n.author, n.views FROM news n JOIN menus m ON m.id = n.menu_id WHERE n.id = :id)
  SELECT 'article' AS side, a.* FROM a
  UNION ALL ${neighbour('previous', true)}
  UNION ALL ${neighbour('next', false)}`;

interface ItemRow {
  id: number;
  menu_id: number;
  menu_name: string;
  title: string;
  image_url: string;
  status: number;
  is_top: number;
  is_member_read: number;
  news_create_time: string;
  created_at: string;
  process_item_name: string;
  summary: string;
}
type DetailRow = { side: 'article' | Neighbour['side']; content: string; author: string; views: number } & ItemRow;

/** What the app's error handler answers for a refused read (an AppError): HTTP 200, the code in the envelope. */
const refused = (code: number, message: string): Envelope<null> => ({ Code: code, Message: message, Data: null });

/** Registers /same-work/GetNewsList and /same-work/GetNewsDetail on `server`, reading the app's SQLite file. */
export async function registerSameWork(server: FastifyInstance, { config, database }: Services): Promise<void> {
  const file = new SQLite(path.join(config.dataDir, 'portal.db'), { readonly: true });
  file.pragma('busy_timeout = 5000');
  server.addHook('onClose', async () => file.close());
  const listStatement = file.prepare<{ menu: number; limit: number; offset: number }, ItemRow>(LIST_SQL);
  const detailStatement = file.prepare<{ id: number }, DetailRow>(DETAIL_SQL);

  // The menus as the app sees them at start (the bench changes none): which a visitor may read, and which list their own articles.
  const index = await menuIndex(database);
  const totals = new Map<number, number>();
  for (const id of index.readable) {
    const scope = await menuScope(database, index, id);
    if (scope.menuIds.length === 1 && index.byId.get(id)?.showType === MenuShowType.List) totals.set(id, scope.total);
  }
  const visitor: Audience = { assetBaseUrl: config.assetBaseUrl, isMember: false };

  /** JSON.stringify of the answer, compressed as the app compresses API answers for this client. */
  const send = async (request: FastifyRequest, reply: FastifyReply, answer: unknown) => {
    const body = Buffer.from(JSON.stringify(answer));
    const encoding = chosenEncoding(request, body.length);
    void reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    return encoding ? reply.header('content-encoding', encoding).send(await compressedAnswer(body, encoding)) : reply.send(body);
  };

  server.get('/same-work/GetNewsList', async (request, reply) => {
    const query = request.query as Record<string, string>;
    const menu = Number(query.pid);
    const total = totals.get(menu);
    if (total === undefined) return reply.status(501).send('not a menu this route answers');
    const { pageindex, pagesize } = pagingQuery.parse(query);
    const rows = listStatement.all({ menu, limit: pagesize, offset: (pageindex - 1) * pagesize });
    return send(
      request,
      reply,
      list(
        rows.map((row) => toNewsListItemDto(toItem(row), visitor)),
        total,
      ),
    );
  });

  server.get('/same-work/GetNewsDetail', async (request, reply) => {
    const id = Number((request.query as Record<string, string>).newsid);
    const rows = detailStatement.all({ id });
    const row = rows.find((r) => r.side === 'article');
    if (!row || !index.readable.has(row.menu_id)) return send(request, reply, refused(Code.NotFound, messages.articleNotFound));
    // An unpublished article's withheld answer is not among the visitor answers measured.
    if (row.status !== ArticleStatus.Published) return reply.status(501).send('not an article this route answers');
    if (row.is_member_read === 1) return send(request, reply, refused(Code.Forbidden, messages.memberOnly));
    const neighbours = rows
      .filter((r) => r.side !== 'article')
      .map((r) => ({ id: r.id, menuId: r.menu_id, title: r.title, side: r.side as Neighbour['side'] }));
    // The view is counted as the app counts it (views.ts: in memory, written every 2 s in one
    // transaction), with the app's own counter: an UPDATE per reading would be work the app does not do.
    const views = row.views + countView(database, id);
    return send(request, reply, ok(toNewsDetailDto({ ...toItem(row), content: row.content, author: row.author, views, neighbours }, visitor)));
  });
}
