import type { ReactNode } from 'react';
import { MembershipState } from '@portal/shared';
import { useNavigate } from 'react-router';
import { AntdPart } from '../../components/OnDemand';
import { SkeletonRows } from '../../components/Skeleton';
import buttons from '../../components/button.module.css';
import { ContentPage, Panel } from '../content/ContentPage';
import { MemberLoginButton } from '../content/MemberLoginButton';
import { MenuCrumbs } from '../content/MenuCrumbs';
import { StatusNotice } from '../content/Notices';
import { LapsedNotice } from '../membership/LapsedNotice';
import { useMyMembership } from '../membership/useMyMembership';
import { useMemberSession } from './session';

/**
 * A page of the member area (投稿中心, 活动通知, 我的会籍): visitors, and the server, which has no
 * member session, draw a notice asking to log in, without antd; a member's content is drawn with
 * antd, whose code loads only then (pass lazily loaded components as `children`).
 */
export function MembersOnlyPage({ title, invitation, inGoodStanding = false, children }: {
  title: string;
  /** What logging in gives, under the notice's title. */
  invitation: string;
  /** The content is closed to a lapsed membership (投稿中心): such a member is led to renew instead of meeting refusals. */
  inGoodStanding?: boolean;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const { loggedIn } = useMemberSession();
  return (
    <ContentPage>
      <Panel title={title} crumbs={<MenuCrumbs path={[]} tail={title} />}>
        {loggedIn ? (
          inGoodStanding ? <InGoodStanding>{children}</InGoodStanding> : <AntdPart>{children}</AntdPart>
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

/** The content once the membership is known not to have lapsed; a lapsed one sees the way to renew. */
function InGoodStanding({ children }: { children: ReactNode }) {
  const { membership, pending } = useMyMembership();
  if (pending) return <SkeletonRows rows={6} />;
  if (membership?.State === MembershipState.Expired) return <LapsedNotice />;
  return <AntdPart>{children}</AntdPart>;
}
