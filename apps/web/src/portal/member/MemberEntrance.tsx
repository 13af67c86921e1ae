import { useState } from 'react';
import { useNavigate } from 'react-router';
import { App } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { membersApi } from '../../api/members';
import { useMemberDialogs } from './MemberDialogs';
import { useMemberSession } from './session';
import { UserInfoDialog } from './UserInfoDialog';

/**
 * 会员登录, or the member's account (opens the user-info dialog) and 退出 (spec §2 "Header").
 * Logging out ends the session on the server, then here whatever it answered, and returns home.
 */
export function MemberEntrance({ classNames }: { classNames: Partial<Record<'entrance' | 'link' | 'account', string>> }) {
  const { loggedIn, info, setToken } = useMemberSession();
  const { openLogin } = useMemberDialogs();
  const [infoOpen, setInfoOpen] = useState(false);
  const navigate = useNavigate();
  const { message } = App.useApp();

  if (!loggedIn) {
    return (
      <button type="button" className={classNames.link} onClick={() => openLogin()}>
        <UserOutlined aria-hidden /> 会员登录
      </button>
    );
  }

  const logout = async () => {
    // A failed call still ends the session here: the token is dropped either way.
    const text = await membersApi.logout().catch(() => null);
    setToken(null);
    if (text) void message.success(text);
    void navigate('/home');
  };

  return (
    <span className={classNames.entrance}>
      <button type="button" className={classNames.link} title={info?.MemberName} onClick={() => setInfoOpen(true)}>
        <UserOutlined aria-hidden /> <span className={classNames.account}>{info?.Account ?? '会员'}</span>
      </button>
      <button type="button" className={classNames.link} onClick={() => void logout()}>
        退出
      </button>
      <UserInfoDialog open={infoOpen} onClose={() => setInfoOpen(false)} profile={info} />
    </span>
  );
}
