import { Button } from 'antd';
import { useMemberDialogs } from '../member/MemberDialogs';

/** 会员登录: opens the member login dialog; a successful login reloads the page's data (member-only content). */
export function MemberLoginButton() {
  const { openLogin } = useMemberDialogs();
  return (
    <Button type="primary" onClick={() => openLogin()}>
      会员登录
    </Button>
  );
}
