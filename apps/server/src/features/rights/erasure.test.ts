import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RightsRequestDto } from '@portal/shared';
import { publicCalls, seedWalk, sendCall, type Walk } from '../../../test/api-walk.js';
import { adminCall } from '../../../test/admin.js';
import { engines } from '../../../test/harness.js';
import { loginMember, publicCall } from '../../../test/members.js';
import { memberRows, notMemberTables } from './erasure.js';

/** Columns that hold a person's name, account, contact or address, by their names. */
const PERSONAL = /member|account|phone|email|ip$|address|name|contact|person|operator|asker|author|id_num|mobile/;
interface Column {
  table: string;
  name: string;
  dataType: string;
}

/** Columns that name a member. */
const MEMBER_COLUMN = /^(author_)?member_id$/;

/**
 * A 删除 request carried out (个人信息保护法 art. 47): the member who walked every public call
 * (test/api-walk.ts) is erased, and no column of any table still holds their account, phone,
 * e-mail or contact name but those a law keeps.
 */
describe.each(engines)('erasing a member on %s', (engine) => {
  let w: Walk;
  let markers: string[];
  /** Every table of the database with its columns, read from the engine's catalogue. */
  const tables = async () => {
    const { db, engine } = w.t.app.services.database;
    const { rows } =
      engine === 'sqlite'
        ? await sql<Column>`SELECT m.name AS "table", p.name AS "name", p.type AS "dataType" FROM sqlite_master m, pragma_table_info(m.name) p
            WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%'`.execute(db)
        : await sql<Column>`SELECT table_name AS "table", column_name AS "name", data_type AS "dataType" FROM information_schema.columns
            WHERE table_schema = current_schema()`.execute(db);
    const byTable = new Map<string, Column[]>();
    for (const column of rows) byTable.set(column.table, [...(byTable.get(column.table) ?? []), column]);
    return [...byTable].map(([name, columns]) => ({ name, columns }));
  };

  beforeAll(async () => {
    w = await seedWalk(engine);
    // The member uses the site as the contract walk does: messages, forms, sign-ups, votes, contributions…
    for (const [name, make] of Object.entries(publicCalls)) {
      const call = await Promise.resolve()
        .then(() => make(w))
        .catch(() => undefined);
      if (!call) continue;
      const res = await sendCall(w, name, call, w.member);
      if (res.headers['content-type']?.toString().startsWith('application/json')) w.answers.set(name, (res.json() as { Data?: unknown }).Data);
    }
    const { db } = w.t.app.services.database;
    const row = await db.selectFrom('members').selectAll().where('id', '=', w.memberId).executeTakeFirstOrThrow();
    markers = [row.account, row.operator_phone, row.email, row.daily_operator, row.legal_person].filter((m) => m.length >= 4);
  });
  afterAll(() => w.t.close());

  it('names every table with a member column, and every table with personal-looking columns', async () => {
    const named = new Set(memberRows.map((r) => `${r.table}.${r.by}`));
    for (const table of await tables()) {
      for (const column of table.columns.filter((c) => MEMBER_COLUMN.test(c.name))) {
        expect(named.has(`${table.name}.${column.name}`), `${table.name}.${column.name}: add it to memberRows in erasure.ts`).toBe(true);
      }
      const personal = table.columns.filter((c) => PERSONAL.test(c.name)).map((c) => c.name);
      const covered = table.name === 'members' || memberRows.some((r) => r.table === table.name) || table.name in notMemberTables;
      expect(covered || personal.length === 0, `${table.name} (${personal.join(', ')}): add it to memberRows or notMemberTables`).toBe(true);
    }
    const existing = new Set((await tables()).map((t) => t.name));
    expect([...memberRows.map((r) => r.table), ...Object.keys(notMemberTables)].filter((t) => !existing.has(t))).toEqual([]);
  });

  /**
   * Where a marker of the member is found, outside what law keeps (the tables kept, the logs) and the
   * company's name (an organisation, no person).
   */
  async function holders(): Promise<string[]> {
    const kept = new Set([...memberRows.filter((r) => 'keep' in r.erase).map((r) => r.table), 'audit_logs', 'login_logs']);
    const found: string[] = [];
    const { db } = w.t.app.services.database;
    for (const table of await tables()) {
      if (kept.has(table.name)) continue;
      for (const column of table.columns.filter((c) => /char|text|clob/i.test(c.dataType) && `${table.name}.${c.name}` !== 'members.member_name')) {
        for (const marker of markers) {
          const { rows } = await sql<{
            n: number;
          }>`SELECT COUNT(*) AS n FROM ${sql.table(table.name)} WHERE ${sql.ref(column.name)} LIKE ${`%${marker}%`}`.execute(db);
          if (Number(rows[0]?.n) > 0) found.push(`${table.name}.${column.name} holds ${marker}`);
        }
      }
    }
    return found;
  }

  /** The tables (memberRows) with rows naming the member. */
  async function rowsOfMember() {
    const { db } = w.t.app.services.database;
    const named = [];
    for (const rows of memberRows) {
      const { rows: counted } = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM ${sql.table(rows.table)} WHERE ${sql.ref(rows.by)} = ${w.memberId}`.execute(
        db,
      );
      if (Number(counted[0]?.n) > 0) named.push(rows);
    }
    return named.map((r) => r.table);
  }

  it('erases nothing for a 删除 request refused with its reason', async () => {
    const asked = await publicCall<number>(w.t, w.member, 'POST', 'SaveRightsRequest', { Kind: 'deletion', Content: '请删除我的个人信息' });
    const refused = await adminCall(w.t, w.admin, 'POST', '/api/XfSysBussiness/HandleRightsRequest', {
      Id: asked.Data,
      Status: 2,
      Answer: '会籍有效期内须保留联系人',
    });
    expect(refused.Code, refused.Message).toBe(200);
    const mine = await publicCall<RightsRequestDto[]>(w.t, w.member, 'GET', 'GetMyRightsRequests');
    expect(mine.Data.find((r) => r.Id === asked.Data)).toMatchObject({ StatusName: '不予办理', Answer: '会籍有效期内须保留联系人' });
    const row = await w.t.app.services.database.db.selectFrom('members').selectAll().where('id', '=', w.memberId).executeTakeFirstOrThrow();
    expect([row.account, row.operator_phone, row.email, row.daily_operator, row.legal_person].filter((m) => m.length >= 4)).toEqual(markers);
  });

  it('deletes or anonymises the member everywhere when staff carry out a 删除 request, keeping what law keeps', async () => {
    const asked = await publicCall<number>(w.t, w.member, 'POST', 'SaveRightsRequest', { Kind: 'deletion', Content: '请删除我的个人信息' });
    expect(asked.Code, asked.Message).toBe(200);
    expect(markers.length).toBeGreaterThanOrEqual(3);
    // Before: the walk left the member's rows in the tables of many features, and their details in some.
    expect(await rowsOfMember()).toEqual([
      'member_sessions',
      'privacy_consents',
      'rights_requests',
      'messages',
      'form_responses',
      'activity_notices',
      'attendance_certificates',
      'inbox_messages',
      'mail_opt_outs',
      'member_payments',
      'contribution_reviews',
      'news',
      'news_revisions',
      'election_voters',
      'election_candidates',
    ]);
    expect([...new Set((await holders()).map((h) => h.split('.')[0]))].sort()).toEqual(['members', 'news', 'news_revisions']);
    const handled = await adminCall(w.t, w.admin, 'POST', '/api/XfSysBussiness/HandleRightsRequest', {
      Id: asked.Data,
      Status: 1,
      Answer: '已按您的请求删除。',
    });
    expect(handled.Code, handled.Message).toBe(200);

    expect(await holders()).toEqual([]);
    const keptTables = memberRows.filter((r) => 'keep' in r.erase).map((r) => r.table);
    expect((await rowsOfMember()).filter((table) => !keptTables.includes(table))).toEqual([]);

    // The member is signed out and cannot sign in again; the answer says what was done and kept.
    expect(await publicCall(w.t, w.member, 'GET', 'GetMyRightsRequests')).toMatchObject({ Code: 401 });
    await expect(loginMember(w.t, w.memberAccount)).rejects.toThrow();
    const answered = await w.t.app.services.database.db.selectFrom('rights_requests').select('answer').where('id', '=', asked.Data).executeTakeFirstOrThrow();
    expect(answered.answer).toMatch(/^已按您的请求删除。\n\n已删除或匿名化：会员资料中的联系人、电话、邮箱、地址与申请材料（账号已注销）；.*留言与建议/s);
    expect(answered.answer).toMatch(/依法保留：.*登录日志与操作日志（网络安全法：至少保存六个月，期满自动删除）/);
    const audit = await w.t.app.services.database.db.selectFrom('audit_logs').select('detail').where('action', '=', 'system:rights:handle').execute();
    expect(audit.map((a) => a.detail)).toContain(`${w.memberAccount}的删除请求：已办结（已删除其个人信息）`);
  });
});
