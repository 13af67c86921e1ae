import { lazy } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { MembersOnlyPage } from '../member/MembersOnlyPage';
import { StatusNotice } from '../content/Notices';
import { usePageTitle } from '../content/usePageTitle';

// Drawn with antd: loaded for members only.
const MyActivityList = lazy(() => import('./MyActivityList').then((m) => ({ default: m.MyActivityList })));
const MyActivityDetail = lazy(() => import('./MyActivityDetail').then((m) => ({ default: m.MyActivityDetail })));
const SelfCheckIn = lazy(() => import('./SelfCheckIn').then((m) => ({ default: m.SelfCheckIn })));

/** 活动通知 is for members: visitors are asked to log in first. */
const invitation = '活动通知仅面向协会会员，登录后即可查看并报名。';

/** /member/activity: the member's activity notices. */
export function MyActivitiesPage() {
  usePageTitle('活动通知');
  return (
    <MembersOnlyPage title="活动通知" invitation={invitation}>
      <MyActivityList />
    </MembersOnlyPage>
  );
}

/** /member/activity/:id: one activity, where the e-mail's link leads. */
export function MyActivityPage() {
  usePageTitle('活动通知');
  const id = Number(useParams().id);
  return (
    <MembersOnlyPage title="活动详情" invitation={invitation}>
      <p>
        <Link to="/member/activity">‹ 返回活动通知</Link>
      </p>
      {Number.isInteger(id) && id > 0 ? <MyActivityDetail key={id} id={id} /> : <StatusNotice title="活动不存在或已删除" />}
    </MembersOnlyPage>
  );
}

/**
 * /member/activity/:id/checkin?venue=…: where the venue's QR leads; the member signs in if need
 * be and is checked in. (Not `key`: the site header's search box reads that one.)
 */
export function SelfCheckInPage() {
  usePageTitle('活动签到');
  const id = Number(useParams().id);
  const key = useSearchParams()[0].get('venue') ?? '';
  return (
    <MembersOnlyPage title="活动签到" invitation="请先登录会员账号，登录后即完成签到。">
      {Number.isInteger(id) && id > 0 ? <SelfCheckIn id={id} venueKey={key} /> : <StatusNotice title="活动不存在或已删除" />}
    </MembersOnlyPage>
  );
}
