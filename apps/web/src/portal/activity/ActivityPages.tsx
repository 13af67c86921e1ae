import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button, Result, Space } from 'antd';
import { ContentPage, Panel } from '../content/ContentPage';
import { MenuCrumbs } from '../content/MenuCrumbs';
import { MemberLoginButton } from '../content/MemberLoginButton';
import { useMemberSession } from '../member/session';
import { MyActivityDetail } from './MyActivityDetail';
import { MyActivityList } from './MyActivityList';

/** 活动通知 is for members: visitors are asked to log in first. */
function MembersOnly({ title, crumbs, children }: { title: string; crumbs: ReactNode; children: ReactNode }) {
  const navigate = useNavigate();
  const { loggedIn } = useMemberSession();
  return (
    <ContentPage>
      <Panel title={title} crumbs={crumbs}>
        {loggedIn ? (
          children
        ) : (
          <Result
            status="warning"
            title="请先登录会员账号"
            subTitle="活动通知仅面向协会会员，登录后即可查看并报名。"
            extra={
              <Space>
                <MemberLoginButton />
                <Button onClick={() => void navigate('/home')}>返回首页</Button>
              </Space>
            }
          />
        )}
      </Panel>
    </ContentPage>
  );
}

/** /member/activity: the member's activity notices. */
export function MyActivitiesPage() {
  return (
    <MembersOnly title="活动通知" crumbs={<MenuCrumbs path={[]} tail="活动通知" />}>
      <MyActivityList />
    </MembersOnly>
  );
}

/** /member/activity/:id: one activity, where the e-mail's link leads. */
export function MyActivityPage() {
  const id = Number(useParams().id);
  return (
    <MembersOnly title="活动详情" crumbs={<MenuCrumbs path={[]} tail="活动详情" />}>
      <p>
        <Link to="/member/activity">‹ 返回活动通知</Link>
      </p>
      {Number.isInteger(id) && id > 0 ? <MyActivityDetail key={id} id={id} /> : <Result status="404" title="活动不存在或已删除" />}
    </MembersOnly>
  );
}
