import { useMemberDialogs } from '../member/MemberDialogs';
import buttons from '../../components/button.module.css';

/** 会员登录: opens the member login dialog; a successful login reloads the page's data (member-only content). */
export function MemberLoginButton() {
  const { openLogin } = useMemberDialogs();
  return (
    <button type="button" className={buttons.primary} onClick={() => openLogin()}>
      会员登录
    </button>
  );
}
