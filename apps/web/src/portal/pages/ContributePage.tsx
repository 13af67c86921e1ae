import { useNavigate } from 'react-router';
import { Button, Result, Space } from 'antd';
import { ContentPage, Panel } from '../content/ContentPage';
import { MenuCrumbs } from '../content/MenuCrumbs';
import { MemberLoginButton } from '../content/MemberLoginButton';
import { useMemberSession } from '../member/session';

/**
 * 投稿中心. The contribution list and editor (spec §2 Contribution centre) arrive in a later
 * release; until then the page says so, and asks visitors without a member session to log in.
 */
export function ContributePage() {
  const navigate = useNavigate();
  const { loggedIn } = useMemberSession();
  const home = <Button onClick={() => void navigate('/home')}>返回首页</Button>;
  return (
    <ContentPage>
      <Panel title="投稿中心" crumbs={<MenuCrumbs path={[]} tail="投稿中心" />}>
        {loggedIn ? (
          <Result status="info" title="投稿中心即将开放" subTitle="在线投稿、稿件修改和审核进度查询正在建设中，敬请期待。" extra={home} />
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
