import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { AntdPart } from '../../components/OnDemand';
import buttons from '../../components/button.module.css';
import { ContentPage, Panel } from '../content/ContentPage';
import { MemberLoginButton } from '../content/MemberLoginButton';
import { MenuCrumbs } from '../content/MenuCrumbs';
import { StatusNotice } from '../content/Notices';
import { useMemberSession } from './session';

/**
 * A page of the member area (投稿中心, 活动通知): visitors, and the server, which has no member
 * session, draw a notice asking to log in, without antd; a member's content is drawn with antd,
 * whose code loads only then (pass lazily loaded components as `children`).
 */
export function MembersOnlyPage({ title, invitation, children }: {
  title: string;
  /** What logging in gives, under the notice's title. */
  invitation: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const { loggedIn } = useMemberSession();
  return (
    <ContentPage>
      <Panel title={title} crumbs={<MenuCrumbs path={[]} tail={title} />}>
        {loggedIn ? (
          <AntdPart>{children}</AntdPart>
        ) : (
          <StatusNotice
            title="请先登录会员账号"
            text={invitation}
            actions={
              <>
                <MemberLoginButton />
                <button type="button" className={buttons.secondary} onClick={() => void navigate('/home')}>
                  返回首页
                </button>
              </>
            }
          />
        )}
      </Panel>
    </ContentPage>
  );
}
