import { expect } from 'vitest';
import { fileLinks } from '../src/features/forms/files.js';
import type { Call, Walk } from './api-walk.js';
import { envelope } from './harness.js';
import { freshAddress } from './members.js';
import { multipartBody, multipartHeaders, type MultipartFile } from './multipart.js';

/**
 * The form calls of the contract walk (api-walk.ts): a public survey with a text and a file
 * question, answered once by the walk's member, and a vote whose results show while it is open.
 */

const SB = '/api/XfSysBussiness';
const WEB = '/api/XfWebApi';

const paper: MultipartFile = {
  filename: '报名材料.pdf',
  content: Buffer.from('%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'),
};

interface WalkForms {
  survey: number;
  vote: number;
  /** The member's response to the survey, with its file. */
  responseId: number;
  file: string;
}

async function call<T>(w: Walk, method: 'GET' | 'POST', url: string, token: string, payload?: Record<string, unknown>): Promise<T> {
  const answer = envelope<T>(await w.t.app.inject({ method, url, headers: { token, ...freshAddress() }, ...(payload ? { payload } : {}) }));
  expect(answer.Code, `${url}: ${answer.Message}`).toBe(200);
  return answer.Data;
}

const made = new WeakMap<Walk, Promise<WalkForms>>();
function walkForms(w: Walk): Promise<WalkForms> {
  let forms = made.get(w);
  if (!forms) {
    forms = (async () => {
      const save = async (body: Record<string, unknown>) => {
        const id = await call<number>(w, 'POST', `${SB}/SaveForm`, w.admin, { Id: 0, ...body });
        await call(w, 'POST', `${SB}/SetFormStatus`, w.admin, { Id: id, Status: 1 });
        return id;
      };
      const survey = await save({
        Title: '合同测试问卷',
        Kind: 'survey',
        Fields: [
          { Key: 'name', Type: 'text', Label: '姓名', Required: true },
          { Key: 'paper', Type: 'file', Label: '材料', Accept: 'document' },
        ],
      });
      const vote = await save({
        Title: '合同测试投票',
        Kind: 'vote',
        ResultsVisible: 'during',
        Fields: [{ Key: 'pick', Type: 'radio', Label: '优秀单位', Options: ['甲', '乙'] }],
      });
      const uploaded = envelope<string>(
        await w.t.app.inject({
          method: 'POST',
          url: `${WEB}/UploadFormFile`,
          headers: { ...multipartHeaders, ...freshAddress(), token: w.member },
          payload: multipartBody(paper),
        }),
      );
      expect(uploaded.Code, uploaded.Message).toBe(200);
      const responseId = await call<number>(w, 'POST', `${WEB}/SubmitForm`, w.member, {
        FormId: survey,
        Answers: { name: '合同会员', paper: uploaded.Data },
        PrivacyVersion: 1,
      });
      return { survey, vote, responseId, file: uploaded.Data };
    })();
    made.set(w, forms);
  }
  return forms;
}

/** A visitor's captcha for SubmitForm, answered. */
async function visitorCaptcha(w: Walk) {
  const res = await w.t.app.inject({ method: 'GET', url: `${WEB}/GetFormCaptcha`, headers: freshAddress() });
  const ticket = (JSON.parse(res.body) as { Url: string }).Url;
  return { CaptchaTicket: ticket, Captcha: w.t.captchas.get(ticket) ?? '' };
}

export const formPublicCalls: Record<string, (w: Walk) => Call | Promise<Call>> = {
  [`GET ${WEB}/GetPublicForm`]: async (w) => ({ query: { formid: (await walkForms(w)).survey } }),
  [`GET ${WEB}/GetFormCaptcha`]: () => ({}),
  [`POST ${WEB}/UploadFormFile`]: () => ({ upload: { file: paper } }),
  [`POST ${WEB}/SubmitForm`]: async (w) => ({
    body: {
      FormId: (await walkForms(w)).survey,
      Answers: { name: '合同访客', paper: w.answers.get(`POST ${WEB}/UploadFormFile`) },
      PrivacyVersion: 1,
      ...(await visitorCaptcha(w)),
    },
  }),
  [`GET ${WEB}/GetMyFormResponses`]: () => ({}),
  [`GET ${WEB}/GetFormResults`]: async (w) => ({ query: { formid: (await walkForms(w)).vote } }),
  [`GET ${WEB}/GetFormFile`]: async (w) => {
    const { file } = await walkForms(w);
    const links = await fileLinks(w.t.app.services.database.db, [file], w.clock.now());
    return { query: { token: links.get(file) ?? '' } };
  },
};

export const formBackOfficeCalls: Record<string, (w: Walk) => Call | Promise<Call>> = {
  [`GET ${SB}/GetFormList`]: () => ({}),
  [`GET ${SB}/GetForm`]: async (w) => ({ query: { formid: (await walkForms(w)).survey } }),
  [`POST ${SB}/SaveForm`]: () => ({ body: { Id: 0, Title: '合同测试表单', Fields: [{ Key: 'q1', Type: 'textarea', Label: '意见' }] } }),
  [`POST ${SB}/CopyForm`]: (w) => ({ body: { Id: w.answers.get(`POST ${SB}/SaveForm`) } }),
  [`POST ${SB}/SetFormStatus`]: (w) => ({ body: { Id: w.answers.get(`POST ${SB}/SaveForm`), Status: 1 } }),
  [`GET ${SB}/GetFormSummary`]: async (w) => ({ query: { formid: (await walkForms(w)).survey } }),
  [`GET ${SB}/GetFormTexts`]: async (w) => ({ query: { formid: (await walkForms(w)).survey, field: 'name', key: '合同' } }),
  [`GET ${SB}/GetFormResponseList`]: async (w) => ({ query: { formid: (await walkForms(w)).survey } }),
  [`GET ${SB}/GetFormResponse`]: async (w) => ({ query: { responseid: (await walkForms(w)).responseId } }),
  [`GET ${SB}/ExportFormResponses`]: async (w) => ({ query: { formid: (await walkForms(w)).survey } }),
  [`POST ${SB}/DelForm`]: (w) => ({ body: { Ids: [w.answers.get(`POST ${SB}/CopyForm`)] } }),
};
