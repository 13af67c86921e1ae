import { lazy, Suspense, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { AntdPart } from '../../components/OnDemand';
import buttons from '../../components/button.module.css';
import { ContentPage, Panel } from '../content/ContentPage';
import { MemberLoginButton } from '../content/MemberLoginButton';
import { MenuCrumbs } from '../content/MenuCrumbs';
import { StatusNotice } from '../content/Notices';
import { SkeletonRows } from '../../components/Skeleton';
import { useMemberSession } from './session';

// Members only, with the membership contract (and zod): loaded once a member opens such a page.
const InGoodStanding = lazy(() => import('../membership/InGoodStanding').then((m) => ({ default: m.InGoodStanding })));

/**
 * A page of the member area (投稿中心, 活动通知, 我的会籍, 站内信): visitors, and the server, which
 * has no member session, draw a notice asking to log in, without antd; a member's content is drawn
 * with antd, whose code loads only then, or without it when `withAntd` is false (pass lazily
 * loaded components as `children`).
 */
export function MembersOnlyPage({
  title,
  invitation,
  inGoodStanding = false,
  withAntd = true,
  children,
}: {
  title: string;
  /** What logging in gives, under the notice's title. */
  invitation: string;
  /** The content is closed to a lapsed membership (投稿中心): such a member is led to renew instead of meeting refusals. */
  inGoodStanding?: boolean;
  /** False for content drawn without antd (站内信): nothing of antd loads for it. */
  withAntd?: boolean;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const { loggedIn } = useMemberSession();
  return (
    <ContentPage>
      <Panel title={title} crumbs={<MenuCrumbs path={[]} tail={title} />}>
        {loggedIn ? (
          inGoodStanding ? (
            <Suspense fallback={<SkeletonRows rows={6} />}>
              <InGoodStanding>{children}</InGoodStanding>
            </Suspense>
          ) : withAntd ? (
            <AntdPart>{children}</AntdPart>
          ) : (
            <Suspense fallback={<SkeletonRows rows={6} />}>{children}</Suspense>
          )
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
