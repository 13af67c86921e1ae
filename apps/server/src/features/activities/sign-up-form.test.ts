import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formMessages, type ActivityMemberDto, type ListDto } from '@portal/shared';
import { activityScene, type ActivityScene } from '../../../test/activities.js';
import { loginAdmin } from '../../../test/admin.js';
import { engines, envelope } from '../../../test/harness.js';
import { freshAddress, loginMember } from '../../../test/members.js';
import { multipartBody, multipartHeaders } from '../../../test/multipart.js';
import { readSheet } from '../../../test/xlsx.js';

/**
 * 报名表: an activity names a form of 表单与问卷; signing up (or joining the waitlist) carries
 * the answers, checked as SubmitForm checks them and stored in the sign-up's transaction; the
 * audience list and the 报名签到表 show them, a column per question.
 */

const field = (Key: string, Type: string, Label: string, more: Record<string, unknown> = {}) => ({ Key, Type, Label, ...more });

const signUpFields = [
  field('head', 'section', '参会信息'),
  field('name', 'text', '参会人姓名', { Required: true, MaxLength: 20 }),
  field('meal', 'radio', '是否用餐', { Required: true, Options: ['是', '否'] }),
  field('topics', 'checkbox', '关注的议题', { Options: ['安全', '质量', '保险'] }),
];

const answers = { name: '王工', meal: '是', topics: ['安全', '保险'] };

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

describe.each(engines)('an activity with a sign-up form on %s', (engine) => {
  let s: ActivityScene;
  let formId: number;

  beforeAll(async () => {
    s = await activityScene(engine);
    await s.addMembers('alice', 'bob', 'carol');
    s.moveTo('2024-06-01 10:00:00');
    // The form stays closed: its own window and audience are for its own page, not for sign-ups.
    const saved = await s.business<number>('SaveForm', { Id: 0, Title: '培训报名表', Kind: 'form', Audience: 'members', Fields: signUpFields });
    expect(saved.Code, saved.Message).toBe(200);
    formId = saved.Data;
  });
  afterAll(() => s.close());

  const responses = () =>
    s.t.app.services.database.db.selectFrom('form_responses').select(['member_id', 'answers']).where('form_id', '=', formId).orderBy('id').execute();
  const audience = async (id: number) => (await s.business<ListDto<ActivityMemberDto>>(`GetActivityMemberList?activityid=${id}&pagesize=100`)).Data.List;
  const answersOf = async (id: number, account: string) => (await audience(id)).find((m) => m.Account === account)?.SignUpAnswers;
  const exported = async (id: number) => {
    const res = await s.t.app.inject({
      method: 'GET',
      url: `/api/XfSysBussiness/ExportActivitySignUps?activityid=${id}`,
      headers: { token: await loginAdmin(s.t) },
    });
    return readSheet(res.rawPayload);
  };

  it('offers the forms that are not anonymous to the editor, by title', async () => {
    await s.business('SaveForm', { Id: 0, Title: '匿名满意度调查', Audience: 'members', Anonymous: true, Fields: [field('q', 'text', '意见')] });
    const offered = await s.business<{ Id: number; Title: string; Status: number }[]>('GetSignUpFormOptions');
    expect(offered.Data.map((f) => f.Title)).toContain('培训报名表');
    expect(offered.Data.map((f) => f.Title)).not.toContain('匿名满意度调查');
    expect((await s.business<{ Title: string }[]>(`GetSignUpFormOptions?title=${encodeURIComponent('满意度')}`)).Data).toEqual([]);
  });

  it('refuses an unknown form and an anonymous one as the sign-up form', async () => {
    expect(await s.business('SaveActivityDetail', { ...(await s.detail(await s.save())), SignUpFormId: 999999 })).toMatchObject({
      Code: 400,
      Message: '表单不存在或已删除',
    });
    const anonymous = await s.business<number>('SaveForm', {
      Id: 0,
      Title: '匿名问卷',
      Audience: 'members',
      Anonymous: true,
      Fields: [field('q', 'text', '意见')],
    });
    const saved = await s.business('SaveActivityDetail', {
      ActivityId: 0,
      Title: '研讨会',
      Place: '北京',
      StartTime: '2024-06-20 09:00:00',
      EndTime: '2024-06-20 17:00:00',
      SignUpDeadline: '2024-06-15 18:00:00',
      AudienceAll: true,
      SignUpFormId: anonymous.Data,
    });
    expect(saved).toMatchObject({ Code: 400, Message: '匿名表单不能用作报名表：报名名单须列出每位会员填写的内容' });
  });

  it('signs up with the answers, refuses a missing one with the form’s message and stores nothing, and shows them on the roster and in its export', async () => {
    const id = await s.publish({ Title: '带报名表的培训', SignUpFormId: formId });
    const detail = await s.detail(id);
    expect(detail).toMatchObject({ SignUpFormId: formId, SignUpFormTitle: '培训报名表' });
    expect(detail.SignUpFields).toEqual([
      { Key: 'name', Label: '参会人姓名', Type: 'text' },
      { Key: 'meal', Label: '是否用餐', Type: 'radio' },
      { Key: 'topics', Label: '关注的议题', Type: 'checkbox' },
    ]);
    expect((await s.mine('alice', id)).SignUpFields.map((f) => f.Key)).toEqual(['head', 'name', 'meal', 'topics']);

    expect(await s.member('bob', 'SignUpActivity', { ActivityId: id, PrivacyVersion: 1, Answers: { meal: '否' } })).toMatchObject({
      Code: 400,
      Message: '请填写「参会人姓名」',
    });
    expect(await s.member('bob', 'SignUpActivity', { ActivityId: id, PrivacyVersion: 1, Answers: { ...answers, meal: '自带' } })).toMatchObject({
      Code: 400,
      Message: '「是否用餐」的所选项不在选项中',
    });
    expect(await responses()).toEqual([]);
    expect((await s.detail(id)).SignUpCount).toBe(0);
    expect((await s.mine('bob', id)).IsSignedUp).toBe(false);

    expect(await s.member('alice', 'SignUpActivity', { ActivityId: id, PrivacyVersion: 1, Answers: answers })).toMatchObject({
      Code: 200,
      Message: '报名成功',
    });
    expect((await responses()).map((r) => [r.member_id, JSON.parse(r.answers)])).toEqual([[s.ids.alice, answers]]);
    expect(await answersOf(id, 'alice')).toEqual({ name: '王工', meal: '是', topics: '安全、保险' });
    expect(await answersOf(id, 'bob')).toEqual({});

    const [header, row] = await exported(id);
    expect(header!.slice(-4)).toEqual(['签到人', '参会人姓名', '是否用餐', '关注的议题']);
    expect(row!.slice(2, 3)).toEqual(['alice']);
    expect(row!.slice(-3)).toEqual(['王工', '是', '安全、保险']);
  });

  it('keeps the form once answered; a cancelled sign-up leaves the roster without its answers, and signing up again answers anew', async () => {
    const id = await s.publish({ Title: '报名表不可更换', SignUpFormId: formId });
    const other = await s.business<number>('SaveForm', { Id: 0, Title: '另一张报名表', Audience: 'members', Fields: [field('q', 'text', '单位')] });
    // Before anyone answered, the form may change and go back.
    expect(
      (
        await s.business('SaveActivityDetail', {
          ActivityId: id,
          Title: '报名表不可更换',
          Place: '北京',
          StartTime: '2024-06-20 09:00:00',
          EndTime: '2024-06-20 17:00:00',
          SignUpDeadline: '2024-06-15 18:00:00',
          AudienceAll: true,
          SignUpFormId: other.Data,
        })
      ).Code,
    ).toBe(200);
    expect((await s.business('SaveActivityDetail', { ...(await s.detail(id)), SignUpFormId: formId })).Code).toBe(200);

    expect((await s.member('carol', 'SignUpActivity', { ActivityId: id, PrivacyVersion: 1, Answers: answers })).Code).toBe(200);
    for (const next of [other.Data, 0])
      expect(await s.business('SaveActivityDetail', { ...(await s.detail(id)), SignUpFormId: next })).toMatchObject({
        Code: 400,
        Message: '已有会员填写了报名表，不能更换或取消报名表',
      });

    expect((await s.member('carol', 'CancelActivitySignUp', { ActivityId: id })).Code).toBe(200);
    expect(await answersOf(id, 'carol')).toEqual({});
    expect((await s.member('carol', 'SignUpActivity', { ActivityId: id, PrivacyVersion: 1, Answers: { name: '赵工', meal: '否' } })).Code).toBe(200);
    expect(await answersOf(id, 'carol')).toEqual({ name: '赵工', meal: '否' });
  });

  it('takes the answers when joining the waitlist, and keeps them when the offered place is confirmed', async () => {
    const id = await s.publish({ Title: '名额有限的培训', Capacity: 1, SignUpFormId: formId });
    expect((await s.member('alice', 'SignUpActivity', { ActivityId: id, PrivacyVersion: 1, Answers: answers })).Code).toBe(200);
    // Full: the place is refused, and the answers with it.
    const stored = (await responses()).length;
    expect(await s.member('bob', 'SignUpActivity', { ActivityId: id, PrivacyVersion: 1, Answers: answers })).toMatchObject({
      Code: 400,
      Message: '报名人数已满',
    });
    expect(await responses()).toHaveLength(stored);
    expect(await s.member('bob', 'JoinActivityWaitlist', { ActivityId: id, PrivacyVersion: 1, Answers: {} })).toMatchObject({
      Code: 400,
      Message: '请填写「参会人姓名」',
    });
    expect((await s.mine('bob', id)).IsWaitlisted).toBe(false);
    expect((await s.member('bob', 'JoinActivityWaitlist', { ActivityId: id, PrivacyVersion: 1, Answers: { name: '钱工', meal: '否' } })).Code).toBe(200);
    expect(await answersOf(id, 'bob')).toEqual({ name: '钱工', meal: '否' });

    expect((await s.member('alice', 'CancelActivitySignUp', { ActivityId: id })).Code).toBe(200);
    expect((await s.member('bob', 'ConfirmActivityPlace', { ActivityId: id })).Code).toBe(200);
    const bob = (await audience(id)).find((m) => m.Account === 'bob');
    expect(bob).toMatchObject({ IsSignedUp: true, SignUpAnswers: { name: '钱工', meal: '否' } });
  });

  it('takes a file the member uploaded as the answer of a file question, not one another member uploaded', async () => {
    const form = await s.business<number>('SaveForm', {
      Id: 0,
      Title: '论文报名表',
      Audience: 'members',
      Fields: [field('paper', 'file', '论文', { Required: true, Accept: 'document' })],
    });
    const id = await s.publish({ Title: '论文研讨会', SignUpFormId: form.Data });
    const upload = async (account: string) =>
      envelope<string>(
        await s.t.app.inject({
          method: 'POST',
          url: '/api/XfWebApi/UploadFormFile',
          headers: { ...multipartHeaders, ...freshAddress(), token: await loginMember(s.t, account) },
          payload: multipartBody({ filename: '论文.pdf', content: PDF }),
        }),
      ).Data;
    expect(await s.member('alice', 'SignUpActivity', { ActivityId: id, PrivacyVersion: 1, Answers: { paper: await upload('bob') } })).toMatchObject({
      Code: 400,
      Message: formMessages.fileMissing('论文'),
    });
    expect((await s.member('alice', 'SignUpActivity', { ActivityId: id, PrivacyVersion: 1, Answers: { paper: await upload('alice') } })).Code).toBe(200);
    expect((await answersOf(id, 'alice'))?.paper).toMatch(/\/api\/XfWebApi\/GetFormFile\?token=/);
  });
});
