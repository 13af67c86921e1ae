import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCst, type LoginUserDto, type RoleDto } from '@portal/shared';
import { ADMIN_PASSWORD, adminCall, createAdmin, createAdminTestApp, loginAdmin } from '../../../../test/admin.js';
import { engines, type TestApp } from '../../../../test/harness.js';

const DAY = 86_400_000;

/**
 * 密码有效期 per role: off unless set; once a role's admin has had a password that many days, every
 * call but the password change answers 403 密码已超过有效期 and GetLoginUser says why, until it is changed.
 */
describe.each(engines)('password expiry on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let roleId: number;
  const sys = <T = unknown>(token: string, method: 'GET' | 'POST', name: string, body?: Record<string, unknown>) =>
    adminCall<T>(t, token, method, `/api/XfSystemApi/${name}`, body);
  /** Sets when the clerk's password was last set, as if it were `days` ago. */
  const setDaysAgo = (days: number) =>
    t.app.services.database.db
      .updateTable('admin_users')
      .set({ password_changed_at: formatCst(t.app.services.now() - days * DAY) })
      .where('account', '=', 'clerk')
      .execute();

  beforeAll(async () => {
    t = await createAdminTestApp(engine);
    admin = await loginAdmin(t);
    const saved = await sys<number>(admin, 'POST', 'SaveRole', { RoleName: '档案员', Remark: '', Status: 1, MenuIds: [] });
    roleId = saved.Data;
    await createAdmin(t, admin, 'clerk', '档案员');
  });
  afterAll(() => t.close());

  it('is off by default, set per role, kept when a save leaves it out, and checked', async () => {
    expect((await sys<RoleDto>(admin, 'GET', `GetRole/${roleId}`)).Data.PasswordMaxDays).toBe(0);
    expect((await sys(admin, 'POST', 'SaveRole', { RoleId: roleId, RoleName: '档案员', Remark: '', Status: 1, PasswordMaxDays: 90 })).Code).toBe(200);
    expect((await sys(admin, 'POST', 'SaveRole', { RoleId: roleId, RoleName: '档案员', Remark: '保管档案', Status: 1 })).Code).toBe(200);
    expect((await sys<RoleDto>(admin, 'GET', `GetRole/${roleId}`)).Data).toMatchObject({ PasswordMaxDays: 90, Remark: '保管档案' });
    for (const bad of [-1, 3651, 1.5, 'x'])
      expect(await sys(admin, 'POST', 'SaveRole', { RoleId: roleId, RoleName: '档案员', Status: 1, PasswordMaxDays: bad })).toMatchObject({
        Code: 400,
        Message: '密码有效期应为0至3650之间的整数（0为不限）',
      });
  });

  it('lets a password within its days work, and asks for a new one once they are past', async () => {
    await setDaysAgo(89);
    const clerk = await loginAdmin(t, 'clerk');
    expect((await sys<LoginUserDto>(clerk, 'GET', 'GetLoginUser')).Data).toMatchObject({ MustChangePwd: false, PasswordExpired: false });
    expect((await sys(clerk, 'GET', 'GetSystemMenuList')).Code).toBe(200);

    await setDaysAgo(91);
    // The same session: the next call finds it expired, as a role change would be found.
    expect((await sys<LoginUserDto>(clerk, 'GET', 'GetLoginUser')).Data).toMatchObject({ MustChangePwd: true, PasswordExpired: true });
    expect(await sys(clerk, 'GET', 'GetSystemMenuList')).toMatchObject({ Code: 403, Message: '密码已超过有效期，请先修改密码' });

    const changed = await sys(clerk, 'POST', 'EditAdminPwd', { Password: ADMIN_PASSWORD, Newpwd: 'Fresh-lantern-2031', againNewpwd: 'Fresh-lantern-2031' });
    expect(changed.Code, changed.Message).toBe(200);
    const again = await loginAdmin(t, 'clerk', 'Fresh-lantern-2031');
    expect((await sys<LoginUserDto>(again, 'GET', 'GetLoginUser')).Data).toMatchObject({ MustChangePwd: false, PasswordExpired: false });
    expect((await sys(again, 'GET', 'GetSystemMenuList')).Code).toBe(200);
  });

  it('never expires a password while the role has no period, however old', async () => {
    expect((await sys(admin, 'POST', 'SaveRole', { RoleId: roleId, RoleName: '档案员', Status: 1, PasswordMaxDays: 0 })).Code).toBe(200);
    await setDaysAgo(5000);
    const clerk = await loginAdmin(t, 'clerk', 'Fresh-lantern-2031');
    expect((await sys<LoginUserDto>(clerk, 'GET', 'GetLoginUser')).Data).toMatchObject({ MustChangePwd: false, PasswordExpired: false });
  });
});
