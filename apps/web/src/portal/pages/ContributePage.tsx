import { useNavigate } from 'react-router';
import { Button, Result, Space } from 'antd';
import { ContentPage, Panel } from '../content/ContentPage';
import { MenuCrumbs } from '../content/MenuCrumbs';
import { MemberLoginButton } from '../content/MemberLoginButton';
import { useMemberSession } from '../member/session';
import { ContributionList } from '../contribute/ContributionList';
import { usePageTitle } from '../content/usePageTitle';

/**
 * 投稿中心 (spec §2 Contribution centre): a member's own articles with their review state, and
 * the dialog to submit or revise one. Visitors without a member session are asked to log in.
 */
export function ContributePage() {
  usePageTitle('我要投稿');
  const navigate = useNavigate();
  const { loggedIn } = useMemberSession();
  const home = <Button onClick={() => void navigate('/home')}>返回首页</Button>;
  return (
    <ContentPage>
      <Panel title="投稿中心" crumbs={<MenuCrumbs path={[]} tail="投稿中心" />}>
        {loggedIn ? (
          <ContributionList />
        ) : (
          <Result
            status="warning"
            title="请先登录会员账号"
            subTitle="投稿仅面向协会会员，登录后即可在此提交稿件并查看审核进度。"
            extra={
              <Space>
                <MemberLoginButton />
                {home}
              </Space>
            }
          />
        )}
      </Panel>
    </ContentPage>
  );
}
