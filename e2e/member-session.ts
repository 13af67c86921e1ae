import { expect, type APIRequestContext } from '@playwright/test';
import { unique, type Envelope } from './admin-session.js';
import { apiData } from './helpers.js';

/** Members in the journeys: added in the back office, signed in through GetLoginToken. */

/** A call that must succeed, with the given token; answers its Data. */
export async function call<T>(request: APIRequestContext, path: string, data: Record<string, unknown>, token: string): Promise<T> {
  const body = (await (await request.post(`/api/${path}`, { data, headers: { token } })).json()) as Envelope<T>;
  expect(body.Code, `${path}: ${body.Message}`).toBe(200);
  return body.Data;
}

/** An approved member of company `memberName` added in the back office; answers its member token. */
export async function member(request: APIRequestContext, admin: string, memberName: string): Promise<string> {
  const account = unique('m');
  const [companyType] = await apiData<{ Id: number }[]>(request, 'GetTypeList', { type: 1 });
  const [memberLevel] = await apiData<{ Id: number }[]>(request, 'GetTypeList', { type: 2 });
  await call(
    request,
    'XfSysBussiness/EditMemberInfo',
    {
      MemberId: 0,
      Account: account,
      Pwd: 'Member-lamp-2024',
      MemberName: memberName,
      LegalPerson: '周九',
      CompanyType: companyType!.Id,
      MemberLevel: memberLevel!.Id,
      OperatorPhone: '13600136000',
      Email: `${account}@example.com`,
    },
    admin,
  );
  const login = (await (await request.post('/api/XfWebApi/GetLoginToken', { data: { str1: account, str2: 'Member-lamp-2024' } })).json()) as Envelope<string>;
  expect(login.Code, login.Message).toBe(200);
  return login.Data;
}

/** An application with an attachment, as the site's application form sends it. */
export async function applyForMembership(request: APIRequestContext, account: string, password: string) {
  const upload = await request.post('/api/XfWebApi/UploadFile', {
    multipart: { file: { name: '申请材料.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n') } },
  });
  const uploaded = (await upload.json()) as Envelope<string>;
  expect(uploaded.Code, uploaded.Message).toBe(200);
  const [companyType] = await apiData<{ Id: number }[]>(request, 'GetTypeList', { type: 1 });
  const [memberLevel] = await apiData<{ Id: number }[]>(request, 'GetTypeList', { type: 2 });
  const application = {
    CompanyType: companyType!.Id,
    MemberLevel: memberLevel!.Id,
    LegalPerson: '钱七',
    Account: account,
    Pwd: password,
    MemberName: '待审核的申请单位',
    Email: `${account}@example.com`,
    OperatorPhone: '13600136000',
    FilePath: uploaded.Data,
  };
  const applied = (await (await request.post('/api/XfWebApi/ApplyMember', { data: application })).json()) as Envelope<null>;
  expect(applied.Code, applied.Message).toBe(200);
  return application;
}
