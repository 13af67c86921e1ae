import { expect } from 'vitest';
import type { Call, Walk } from './api-walk.js';
import { envelope } from './harness.js';
import { freshAddress } from './members.js';
import type { MultipartFile } from './multipart.js';

/**
 * The 在线留言 calls of the contract walk (api-walk.ts): the walk's member asks with an
 * attachment, staff assign, transfer, note, reply and publish it; beside it a message answered
 * and published beforehand (for the rating and the public reads) and one to decline.
 */

const SB = '/api/XfSysBussiness';
const WEB = '/api/XfWebApi';

const paper: MultipartFile = { filename: '说明.pdf', content: Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n') };

interface WalkMessages {
  /** A department of the walk's own, where the walk's message is transferred to. */
  department: number;
  /** Answered and published: its 查询码 and id. */
  answeredCode: string;
  answeredId: number;
  /** Waiting, to decline. */
  waitingId: number;
}

async function call<T>(w: Walk, method: 'GET' | 'POST', url: string, token: string, payload?: Record<string, unknown>): Promise<T> {
  const answer = envelope<T>(await w.t.app.inject({ method, url, headers: { token, ...freshAddress() }, ...(payload ? { payload } : {}) }));
  expect(answer.Code, `${url}: ${answer.Message}`).toBe(200);
  return answer.Data;
}

const idOf = async (w: Walk, code: string) =>
  (await w.t.app.services.database.db.selectFrom('messages').select('id').where('query_code', '=', code).executeTakeFirstOrThrow()).id;

const made = new WeakMap<Walk, Promise<WalkMessages>>();
function walkMessages(w: Walk): Promise<WalkMessages> {
  let scene = made.get(w);
  if (!scene) {
    scene = (async () => {
      const department = await call<number>(w, 'POST', `${SB}/SaveMessageDepartment`, w.admin, { DepartmentId: 0, Name: '合同测试办公室' });
      const ask = (Subject: string) =>
        call<string>(w, 'POST', `${WEB}/SaveMessage`, w.member, {
          CategoryId: 1,
          Subject,
          Content: '请问如何办理？',
          Email: 'walk@example.com',
          MayPublish: true,
          PrivacyVersion: 1,
        });
      const answeredCode = await ask('合同测试已答复的留言');
      const answeredId = await idOf(w, answeredCode);
      await call(w, 'POST', `${SB}/AssignMessage`, w.admin, { MessageId: answeredId, DepartmentId: department });
      await call(w, 'POST', `${SB}/ReplyMessage`, w.admin, { MessageId: answeredId, Reply: '<p>请到协会办理。</p>' });
      await call(w, 'POST', `${SB}/PublishMessage`, w.admin, { MessageId: answeredId, Publish: true });
      const waitingId = await idOf(w, await ask('合同测试待受理的留言'));
      return { department, answeredCode, answeredId, waitingId };
    })();
    made.set(w, scene);
  }
  return scene;
}

/** The walk's own message, asked by SaveMessage. */
const asked = async (w: Walk) => idOf(w, w.answers.get(`POST ${WEB}/SaveMessage`) as string);

export const messagePublicCalls: Record<string, (w: Walk) => Call | Promise<Call>> = {
  [`GET ${WEB}/GetMessageOptions`]: () => ({}),
  [`GET ${WEB}/GetMessageCaptcha`]: () => ({}),
  [`POST ${WEB}/UploadMessageFile`]: () => ({ upload: { file: paper } }),
  [`POST ${WEB}/SaveMessage`]: (w) => ({
    body: {
      CategoryId: 1,
      Subject: '合同测试留言',
      Content: '会员证如何补办？',
      Phone: '010-68512376',
      MayPublish: true,
      Attachment: w.answers.get(`POST ${WEB}/UploadMessageFile`),
      PrivacyVersion: 1,
    },
  }),
  [`GET ${WEB}/GetMessageByCode`]: (w) => ({ query: { code: w.answers.get(`POST ${WEB}/SaveMessage`) as string } }),
  [`GET ${WEB}/GetMyMessageList`]: () => ({}),
  [`POST ${WEB}/RateMessage`]: async (w) => ({ body: { QueryCode: (await walkMessages(w)).answeredCode, Rating: 1 } }),
  [`GET ${WEB}/GetPublicMessageList`]: () => ({}),
  [`GET ${WEB}/GetPublicMessage`]: async (w) => ({ query: { id: (await walkMessages(w)).answeredId } }),
};

export const messageBackOfficeCalls: Record<string, (w: Walk) => Call | Promise<Call>> = {
  [`GET ${SB}/GetMessageCategoryList`]: () => ({}),
  [`POST ${SB}/SaveMessageCategory`]: () => ({ body: { CategoryId: 0, Name: '合同测试类别', DeadlineDays: 3 } }),
  [`GET ${SB}/GetMessageSettings`]: () => ({}),
  [`POST ${SB}/SaveMessageSettings`]: () => ({ body: { Contact: 'either' } }),
  [`POST ${SB}/SaveMessageDepartment`]: () => ({ body: { DepartmentId: 0, Name: '合同测试部门' } }),
  [`GET ${SB}/GetMessageDepartmentList`]: () => ({}),
  [`GET ${SB}/GetMessageStaffOptions`]: () => ({}),
  [`GET ${SB}/GetMessageList`]: () => ({}),
  [`GET ${SB}/GetMessage/{id}`]: async (w) => ({ params: { id: await asked(w) } }),
  [`GET ${SB}/GetMessageFile/{id}`]: async (w) => ({ params: { id: await asked(w) } }),
  [`POST ${SB}/AssignMessage`]: async (w) => ({ body: { MessageId: await asked(w), DepartmentId: w.answers.get(`POST ${SB}/SaveMessageDepartment`) } }),
  [`POST ${SB}/TransferMessage`]: async (w) => ({
    body: { MessageId: await asked(w), DepartmentId: (await walkMessages(w)).department, Reason: '合同测试转办' },
  }),
  [`POST ${SB}/SaveMessageNote`]: async (w) => ({ body: { MessageId: await asked(w), Text: '合同测试备注' } }),
  [`POST ${SB}/ReplyMessage`]: async (w) => ({ body: { MessageId: await asked(w), Reply: '<p>请携带会员证编号到协会补办。</p>' } }),
  [`POST ${SB}/PublishMessage`]: async (w) => ({ body: { MessageId: await asked(w), Publish: true } }),
  [`POST ${SB}/DeclineMessage`]: async (w) => ({ body: { MessageId: (await walkMessages(w)).waitingId, Reason: '合同测试不予受理' } }),
  [`POST ${SB}/DelMessageDepartment`]: (w) => ({ body: { Ids: [w.answers.get(`POST ${SB}/SaveMessageDepartment`)] } }),
  [`GET ${SB}/GetMessageStatistics`]: () => ({}),
  [`GET ${SB}/ExportMessageStatistics`]: () => ({}),
};
