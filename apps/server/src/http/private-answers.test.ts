import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CertHolderSessionDto } from '@portal/shared';
import { adminCall, createAdminTestApp, loginAdmin } from '../../test/admin.js';
import { certBody, saveCert } from '../../test/certificates.js';
import { insertMenu } from '../../test/fixtures.js';
import { engines, envelope, type TestApp } from '../../test/harness.js';
import { multipartBody, multipartHeaders } from '../../test/multipart.js';
import type { SessionGuard } from './guard-docs.js';
import {
  addMember,
  applicationForm,
  freshAddress,
  loginMember,
  memberLogin,
  publicCall,
  seedTypeChoices,
  submitApplication,
  type TypeChoices,
} from '../../test/members.js';

/**
 * What one member or applicant owns stays theirs: generated from the route list (the OpenAPI
 * document, where guard-docs.ts writes each route's guard), so a call added later is checked
 * without anyone writing a case for it.
 *
 *   - Every public and member read, asked by a visitor, another member and another applicant
 *     for the owner's things by id, answers none of the owner's private words.
 *   - Every guarded answer (admin, member, applicant) is `Cache-Control: private, no-store`.
 *   - Stored application papers are taken by the record that names them, by no other.
 */

/** Words only the owner and staff may read: a contribution's title, text and rejection reason, the profile's e-mail and remarks, the papers' name. */
const PRIVATE = {
  pendingTitle: '甲方审核中的稿件题目',
  pendingText: '甲方审核中的稿件正文',
  rejectedTitle: '甲方退回的稿件题目',
  reason: '编辑部内部退稿意见',
  email: 'owner-private@example.cn',
  remarks: '甲方内部备注',
  papers: '丙方入会材料',
};

interface Operation {
  call: string;
  method: 'GET' | 'POST';
  path: string;
  guard?: 'admin' | SessionGuard;
}

function operations(t: TestApp): Operation[] {
  const doc = t.app.swagger() as {
    paths: Record<string, Record<string, { 'x-admin-permissions'?: string[]; 'x-member-session'?: SessionGuard }>>;
  };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => method === 'get' || method === 'post')
      .map(([method, op]) => ({
        call: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase() as 'GET' | 'POST',
        path,
        guard: op['x-admin-permissions'] ? 'admin' : op['x-member-session'],
      })),
  );
}

describe.each(engines)('what members and applicants own on %s', (engine) => {
  let t: TestApp;
  let root: string;
  let types: TypeChoices;
  const owner = { token: '', pending: 0, rejected: 0, papers: '' };
  const others: Record<'visitor' | 'member' | 'applicant', string | undefined> = { visitor: undefined, member: '', applicant: '' };

  const uploadPapers = async (name: string, token?: string) =>
    envelope<string>(
      await t.app.inject({
        method: 'POST',
        url: '/api/XfWebApi/UploadFile',
        headers: { ...multipartHeaders, ...freshAddress(), ...(token ? { token } : {}) },
        payload: multipartBody({ filename: `${name}.pdf`, content: Buffer.from('%PDF-1.7\n入会材料') }),
      }),
    ).Data;

  beforeAll(async () => {
    t = await createAdminTestApp(engine);
    root = await loginAdmin(t);
    types = await seedTypeChoices(t);
    const db = t.app.services.database.db;
    const journal = await insertMenu(db, { name: '协会期刊' });
    const contribute = await insertMenu(db, { name: '在线投稿', parentId: journal, acceptsContributions: true });

    // The owner: a member with a profile, one contribution under review and one rejected.
    await addMember(t, root, types, 'owner_co', { Email: PRIVATE.email, Remarks: PRIVATE.remarks });
    owner.token = await loginMember(t, 'owner_co');
    owner.pending = (
      await publicCall<number>(t, owner.token, 'POST', 'SaveNews', {
        Title: PRIVATE.pendingTitle,
        MenuId: contribute,
        NewContent: `<p>${PRIVATE.pendingText}</p>`,
      })
    ).Data;
    owner.rejected = (
      await publicCall<number>(t, owner.token, 'POST', 'SaveNews', { Title: PRIVATE.rejectedTitle, MenuId: contribute, NewContent: '<p>正文</p>' })
    ).Data;
    expect(
      (await adminCall(t, root, 'POST', '/api/XfSysBussiness/AuditContribution', { NewsId: owner.rejected, Decision: 2, Reason: PRIVATE.reason })).Code,
    ).toBe(200);

    // An applicant under review with papers.
    owner.papers = await uploadPapers(PRIVATE.papers);
    await submitApplication(t, applicationForm(types, 'papers_co', { FilePath: owner.papers }));

    await addMember(t, root, types, 'other_co');
    others.member = await loginMember(t, 'other_co');
    await submitApplication(t, applicationForm(types, 'other_applicant'));
    others.applicant = (await memberLogin(t, 'other_applicant')).Token as string;
  });
  afterAll(() => t.close());

  it('answers no one else any of an owner’s private words, on any public or member read', async () => {
    const reads = operations(t).filter((op) => op.method === 'GET' && op.path.startsWith('/api/XfWebApi/') && op.guard !== 'admin');
    expect(reads.map((op) => op.call)).toEqual(
      expect.arrayContaining([
        'GET /api/XfWebApi/GetNewsDetail',
        'GET /api/XfWebApi/GetMyNewsList',
        'GET /api/XfWebApi/GetUserInfo',
        'GET /api/XfWebApi/GetApplyFile',
      ]),
    );
    const ids = [owner.pending, owner.rejected];
    for (const op of reads) {
      for (const id of ids) {
        // Every spelling of an id the calls read, and the words themselves as a search.
        const query = new URLSearchParams({ newsid: String(id), id: String(id), pid: String(id), key: PRIVATE.pendingTitle, pageindex: '1', pagesize: '100' });
        const url = `${op.path.replace(/\{[^}]+\}/g, String(id))}?${query}`;
        for (const [caller, token] of Object.entries(others)) {
          const res = await t.app.inject({ method: 'GET', url, headers: { ...freshAddress(), ...(token ? { token } : {}) } });
          const body = res.rawPayload.toString('utf8');
          for (const [what, word] of Object.entries(PRIVATE)) expect(body.includes(word), `${op.call} to ${caller} shows the owner's ${what}`).toBe(false);
        }
      }
    }
  });

  it('answers an unpublished contribution whole to its author, and its status alone to everyone else', async () => {
    const detail = (token: string | undefined, id: number) => publicCall<Record<string, unknown>>(t, token, 'GET', `GetNewsDetail?newsid=${id}`);
    expect((await detail(owner.token, owner.rejected)).Data).toMatchObject({ Title: PRIVATE.rejectedTitle, Status: 2, ProcessItemName: PRIVATE.reason });
    for (const token of Object.values(others)) {
      const { Code, Data } = await detail(token, owner.rejected);
      expect(Code).toBe(200);
      expect(Object.entries(Data).filter(([, v]) => v !== '' && v !== 0 && v !== false && !(Array.isArray(v) && v.length === 0))).toEqual([
        ['NewsId', owner.rejected],
        ['Status', 2],
      ]);
    }
  });

  /** A certificate holder's verification token (features/rights/holder.ts). */
  const holderToken = async () => {
    await saveCert(t, root);
    const body = certBody();
    const verified = await publicCall<CertHolderSessionDto>(t, undefined, 'POST', 'VerifyCertHolder', {
      Name: body._name,
      IdNum: body._idNum,
      Proof: body._certNum,
    });
    expect(verified.Code, verified.Message).toBe(200);
    return verified.Data.Token;
  };

  it('marks every guarded answer private, no-store, refusals included', async () => {
    const tokenFor: Record<NonNullable<Operation['guard']>, string> = {
      admin: root,
      member: owner.token,
      'member-in-good-standing': owner.token,
      applicant: others.applicant as string,
      'cert-holder': await holderToken(),
    };
    const guarded = operations(t).filter((op) => op.guard);
    expect(guarded.length).toBeGreaterThan(80);
    for (const op of guarded) {
      const url = op.path.replace(/\{[^}]+\}/g, '1');
      for (const token of [tokenFor[op.guard!], undefined]) {
        const res = await t.app.inject({
          method: op.method,
          url,
          headers: { ...freshAddress(), ...(token ? { token } : {}) },
          ...(op.method === 'POST' ? { payload: {} } : {}),
        });
        expect(res.headers['cache-control'], `${op.call} ${token ? 'admitted' : 'refused'}`).toBe('private, no-store');
      }
    }
  });

  it('lets a new application name no one else’s papers, not by path, not by racing for fresh ones', async () => {
    const apply = (account: string, FilePath: string) => publicCall(t, undefined, 'POST', 'ApplyMember', applicationForm(types, account, { FilePath }));
    const refused = { Code: 400, Message: '附件无效，请重新上传', Data: null };
    expect(await apply('thief_co', owner.papers)).toEqual(refused);
    expect(await t.app.services.database.db.selectFrom('members').select('id').where('account', '=', 'thief_co').executeTakeFirst()).toBeUndefined();

    // The back office cannot hand them to another member either.
    const { List } = (await adminCall<{ List: { MemberId: number; Account: string }[] }>(t, root, 'GET', '/api/XfSysBussiness/GetMemberList?key=other_co'))
      .Data;
    const other = List.find((m) => m.Account === 'other_co')!;
    const model = (await adminCall<Record<string, unknown>>(t, root, 'GET', `/api/XfSysBussiness/GetMemberModel/${other.MemberId}`)).Data;
    expect((await adminCall(t, root, 'POST', '/api/XfSysBussiness/EditMemberInfo', { ...model, Pwd: '', FilePath: owner.papers })).Message).toBe(
      refused.Message,
    );

    // Fresh papers named by two applications at once: one takes them.
    const fresh = await uploadPapers('新材料');
    const answers = await Promise.all(['race_a', 'race_b', 'race_c'].map((account) => apply(account, fresh)));
    expect(answers.filter((a) => a.Code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.Message === refused.Message)).toHaveLength(2);

    // Papers a rejected applicant uploads under their application token are theirs alone at once.
    const rejectedId = (await t.app.services.database.db.selectFrom('members').select('id').where('account', '=', 'other_applicant').executeTakeFirstOrThrow())
      .id;
    expect(
      (await adminCall(t, root, 'POST', '/api/XfSysBussiness/SaveApplyAudit', { MemberId: rejectedId, ApplyState: 2, ProcessItemName: '材料不全' })).Code,
    ).toBe(200);
    const resubmitter = (await memberLogin(t, 'other_applicant')).Token as string;
    const own = await uploadPapers('补充材料', resubmitter);
    expect(await apply('squatter_co', own)).toEqual(refused);
    expect((await publicCall(t, resubmitter, 'POST', 'ApplyMember', applicationForm(types, 'other_applicant', { FilePath: own }))).Code).toBe(200);
  });
});
