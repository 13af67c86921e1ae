import { useState } from 'react';
import { useNavigate } from 'react-router';
import { App, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { ActivityStatus, type ActivityListItemDto } from '@portal/shared';
import { activitiesAdminApi, type ActivityQuery } from '../../../api/activities';
import type { PageState } from '../../../components/DataTable';
import { editAction, ListPage, listResource, useListPage } from '../../list';
import { shellBase } from '../../routes/menuTree';
import { useAction } from '../../shared/useAction';
import { ActivityDialog } from './ActivityDialog';
import { AudienceDrawer } from './AudienceDrawer';
import { CertificatesDrawer } from './CertificatesDrawer';
import { activitiesKey, activityStatusOptions, ActivityStatusTag } from './status';
import styles from './activity.module.css';

type Filters = Omit<ActivityQuery, keyof PageState>;

const minutes = (time: string) => time.slice(0, 16);

/** A cell's line, with a small grey one under it (the place, the deadline). */
function TwoLines({ main, under }: { main: string; under: string }) {
  return (
    <Space size={2} vertical>
      <span>{main}</span>
      <span className={styles.secondary}>{under}</span>
    </Space>
  );
}

/** The list's rows, with 状态 judged against the time the page rendered (a deadline may have passed). */
const activities = (now: string) =>
  listResource<ActivityListItemDto, Filters>({
    key: activitiesKey,
    fetch: activitiesAdminApi.list,
    rowKey: 'ActivityId',
    search: [
      { kind: 'input', name: 'title', label: '活动标题' },
      { kind: 'select', name: 'status', label: '状态', options: activityStatusOptions },
      { kind: 'dateRange', name: 'startRange', names: ['start', 'end'], label: '活动日期', future: true },
    ],
    columns: [
      { title: '活动', key: 'title', width: 240, render: (_, a) => <TwoLines main={a.Title} under={a.Place} /> },
      {
        title: '时间',
        key: 'time',
        width: 210,
        render: (_, a) => {
          const end = a.EndTime.slice(0, 10) === a.StartTime.slice(0, 10) ? a.EndTime.slice(11, 16) : minutes(a.EndTime);
          return <TwoLines main={`${minutes(a.StartTime)} 至 ${end}`} under={`报名截止 ${minutes(a.SignUpDeadline)}`} />;
        },
      },
      {
        title: '活动对象',
        key: 'audience',
        width: 150,
        render: (_, a) =>
          a.AudienceAll ? <Tag color="blue">全体会员</Tag> : a.MemberLevelNames.map((name, i) => <Tag key={a.MemberLevels[i]}>{name || '已删除等级'}</Tag>),
      },
      { title: '状态', key: 'status', width: 80, render: (_, a) => <ActivityStatusTag activity={a} now={now} /> },
      {
        title: '已读/通知',
        key: 'read',
        width: 90,
        render: (_, a) => (a.Status === ActivityStatus.Draft ? '-' : `${a.ReadCount}/${a.AudienceCount}`),
      },
      {
        title: '报名/上限',
        key: 'signUp',
        width: 110,
        // Under the places taken: who came (签到), and who waits for a place (候补).
        render: (_, a) => (
          <TwoLines
            main={`${a.SignUpCount}/${a.Capacity || '不限'}`}
            under={`签到 ${a.CheckedInCount}${a.WaitlistCount > 0 ? ` · 候补 ${a.WaitlistCount}` : ''}`}
          />
        ),
      },
    ],
    numbered: false,
    dialog: ActivityDialog,
    add: { perm: 'activity:add', label: '新增活动' },
    remove: {
      perm: 'activity:delete',
      question: () => '删除活动将同时删除其通知与报名记录，确定删除？',
      hint: (a) => (a.SignUpCount > 0 ? `已有${a.SignUpCount}人报名` : undefined),
      run: (a) => activitiesAdminApi.remove([a.ActivityId]),
    },
    actionsWidth: 320,
  });

/** 活动列表 (component activity/list/index): search, write and edit, publish, close, delete, and each activity's audience. */
export default function ActivityPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const resource = activities(dayjs().format('YYYY-MM-DD HH:mm:ss'));
  const page = useListPage(resource);
  const [audience, setAudience] = useState<ActivityListItemDto | null>(null);
  const [certificates, setCertificates] = useState<ActivityListItemDto | null>(null);
  const close = useAction((a: ActivityListItemDto) => activitiesAdminApi.close(a.ActivityId), page.refresh);
  // The server's words: how many were notified and, without a mail server, that no e-mail went.
  const publish = (a: ActivityListItemDto) =>
    activitiesAdminApi.publish(a.ActivityId).then(
      (text) => {
        void message.success(text);
        page.refresh();
      },
      () => undefined,
    );

  return (
    <ListPage
      resource={resource}
      page={page}
      rowActions={[
        { label: '通知对象', disabled: (a) => a.Status === ActivityStatus.Draft, run: setAudience },
        // Not ListResource.edit, which puts 修改 first: here it follows 通知对象.
        editAction('activity:edit', page.edit),
        {
          label: '发布',
          perm: 'activity:edit',
          when: (a) => a.Status !== ActivityStatus.Published,
          confirm: () => '发布后将通知活动对象中的全部会员，确定发布？',
          run: publish,
        },
        {
          label: '关闭',
          perm: 'activity:edit',
          when: (a) => a.Status === ActivityStatus.Published,
          confirm: () => '关闭后会员不能再报名，确定关闭？',
          run: close,
        },
        // 培训证明 or 参会证明 for the members checked in.
        { label: '证明', perm: 'activity:certify', disabled: (a) => a.Status === ActivityStatus.Draft, run: setCertificates },
        {
          label: '签到',
          perm: 'activity:checkin',
          disabled: (a) => a.Status === ActivityStatus.Draft,
          run: (a) => void navigate(`${shellBase}/activity/checkin?id=${a.ActivityId}`),
        },
      ]}
    >
      <AudienceDrawer activity={audience} onClose={() => setAudience(null)} />
      <CertificatesDrawer activity={certificates} onClose={() => setCertificates(null)} />
    </ListPage>
  );
}
