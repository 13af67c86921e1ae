import { editMemberForm, editMemberPwdBody, memberProfileDto, messages } from '@portal/shared';
import type { App } from '../../http/app-types.js';
import { ok } from '../../http/envelope.js';
import { currentMember, requireMember, requireMemberPendingPassword } from './guard.js';
import { memberDocs } from './docs.js';
import { toMemberProfileDto } from './dto.js';
import { changeMemberPassword } from './login.js';
import { editProfile, getMember } from './service.js';

/** The member's own profile and password (spec §7 GetUserInfo, EditMember, EditMemberPwd); sign-in is login-public.ts. */
export async function membersPublic(app: App): Promise<void> {
  const { services } = app;
  const { database, config, now } = services;

  app.get(
    '/GetUserInfo',
    {
      onRequest: requireMemberPendingPassword,
      schema: { ...memberDocs, summary: '当前会员资料（不含密码；MustChangePwd 为须先修改初始密码）', 'x-data': memberProfileDto },
    },
    async (request) => {
      const member = await currentMember(request);
      return ok(toMemberProfileDto(await getMember(database.db, member.memberId), config.assetBaseUrl));
    },
  );

  app.post(
    '/EditMember',
    { onRequest: requireMember, schema: { ...memberDocs, summary: '修改本会员资料（账号、公司名称、单位归类、会员等级不可改）', body: editMemberForm } },
    async (request) => {
      const member = await currentMember(request);
      await editProfile(database.db, member.memberId, request.body, now());
      return ok(null, messages.saved);
    },
  );

  app.post(
    '/EditMemberPwd',
    {
      onRequest: requireMemberPendingPassword,
      schema: { ...memberDocs, summary: '修改本会员密码（其他会话随之失效；初始密码修改后其他接口恢复）', body: editMemberPwdBody },
    },
    async (request) => {
      const { Pwd, Newpwd } = request.body;
      await changeMemberPassword(services, await currentMember(request), request.clientAddress, { old: Pwd, new: Newpwd });
      return ok(null, messages.saved);
    },
  );
}
