import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, Grid, Popconfirm, Space, Tag, Tooltip, type TableColumnsType } from 'antd';
import { BellOutlined, CalendarOutlined, FileExcelOutlined } from '@ant-design/icons';
import { activityMessages, ActivityStatus, type ActivityDetailDto, type ActivityListItemDto, type ActivityMemberDto } from '@portal/shared';
import { activitiesAdminApi, type ActivityMemberFilters } from '../../../api/activities';
import { attendanceAdminApi } from '../../../api/attendance';
import { DownloadButton } from '../../../components/DownloadButton';
import type { SearchField } from '../../../components/SearchForm';
import { Auth } from '../../access/AdminSession';
import { ListPage, listResource, useListPage } from '../../list';
import { useAction } from '../../shared/useAction';
import { activitiesKey, activityMembersKey, MailNote, MailStateTag } from './status';
import styles from './activity.module.css';

type Filters = Omit<ActivityMemberFilters, 'activityid'>;

const searchFields: SearchField<Filters>[] = [
  { kind: 'input', name: 'key', label: '会员', placeholder: '会员名称或账号' },
  {
    kind: 'readStatus',
    name: 'isread',
    label: '阅读状态',
    options: [
      { label: '已读', value: 1 },
      { label: '未读', value: 0 },
    ],
  },
  {
    kind: 'select',
    name: 'signedup',
    label: '报名状态',
    options: [
      { label: '已报名', value: 1 },
      { label: '未报名', value: 0 },
    ],
  },
];

/** A time, or a dash when it has not happened. */
const when = (time: string) => time || '-';

/** A state's tag over its time (or address), and a note under both where there is one. */
function StateCell({ tag, detail, note }: { tag: ReactNode; detail: string; note?: ReactNode }) {
  return (
    <Space size={4} vertical>
      {tag}
      <span>{detail}</span>
      {note}
    </Space>
  );
}

/** Signed up (and checked in), holding a place offered from the waitlist, waiting in it, or none of these. */
function SignUpCell({ member: m }: { member: ActivityMemberDto }) {
  if (m.IsSignedUp) {
    const checkedIn = m.CheckInTime && <span className={styles.secondary}>签到于 {m.CheckInTime}</span>;
    return <StateCell tag={<Tag color="blue">已报名</Tag>} detail={m.SignUpTime} note={checkedIn} />;
  }
  if (m.OfferUntil) return <StateCell tag={<Tag color="magenta">候补待确认</Tag>} detail={`名额保留至 ${m.OfferUntil}`} />;
  if (m.WaitlistPosition > 0) return <StateCell tag={<Tag color="purple">候补第{m.WaitlistPosition}位</Tag>} detail="-" />;
  return <StateCell tag={<Tag>未报名</Tag>} detail="-" />;
}

const columns: TableColumnsType<ActivityMemberDto> = [
  { title: '账号', dataIndex: 'Account', width: 120 },
  { title: '会员名称', dataIndex: 'MemberName', width: 200 },
  { title: '会员等级', dataIndex: 'MemberLevelName', width: 90 },
  {
    title: '阅读状态',
    key: 'read',
    width: 170,
    render: (_, m) => (
      <StateCell
        tag={m.IsRead ? <Tag color="success">已读</Tag> : <Tag color="warning">未读</Tag>}
        detail={when(m.ReadTime)}
        note={m.RemindTime && <span className={styles.remind}>提醒于 {m.RemindTime}</span>}
      />
    ),
  },
  { title: '报名状态', key: 'signUp', width: 170, render: (_, m) => <SignUpCell member={m} /> },
  {
    title: '邮件',
    key: 'mail',
    width: 220,
    render: (_, m) => <StateCell tag={<MailStateTag member={m} />} detail={m.Email || '-'} note={<MailNote member={m} />} />,
  },
];

/** A column per question of the sign-up form (报名表), over what each member answered; a file as its link. */
const answerColumns = (questions: ActivityDetailDto['SignUpFields']): TableColumnsType<ActivityMemberDto> =>
  questions.map((q) => ({
    title: q.Label,
    key: `answer-${q.Key}`,
    width: q.Type === 'textarea' ? 220 : 140,
    render: (_, m) => {
      const answer = m.SignUpAnswers[q.Key];
      if (!answer) return '-';
      return q.Type === 'file' ? (
        <a href={answer} target="_blank" rel="noreferrer">
          下载附件
        </a>
      ) : (
        answer
      );
    },
  }));

/**
 * 通知对象 of one activity: who has read it and when, who signed up and when (with the answers to
 * the sign-up form, a column per question), each e-mail's delivery (or, without a mail server, that the notices are in the member area only); filtered
 * by 已读/未读 and sign-up; exported to .xlsx, with the 报名签到表 and the calendar file beside;
 * reminded (selected or all unread).
 */
export function AudienceDrawer({ activity, onClose }: { activity: ActivityListItemDto | null; onClose: () => void }) {
  // Narrower screens than the drawer (a phone at the door) get the whole width.
  const wide = Grid.useBreakpoint().xl;
  return (
    <Drawer title={activity ? `通知对象：${activity.Title}` : ''} open={activity !== null} onClose={onClose} size={wide ? 1100 : '100%'} destroyOnHidden>
      {activity && <Audience activity={activity} />}
    </Drawer>
  );
}

/** One activity's audience as a list with the answers to its sign-up form: searched, exported under activity:export, remindable. */
const audienceOf = (activity: ActivityListItemDto, questions: ActivityDetailDto['SignUpFields']) =>
  listResource<ActivityMemberDto, Filters>({
    key: activityMembersKey(activity.ActivityId),
    fetch: (q) => activitiesAdminApi.members({ ...q, activityid: activity.ActivityId }),
    rowKey: 'MemberId',
    search: searchFields,
    columns: [...columns, ...answerColumns(questions)],
    numbered: false,
    export: {
      perm: 'activity:export',
      label: '导出名单',
      run: (filters) => activitiesAdminApi.exportMembers({ ...filters, activityid: activity.ActivityId }, `${activity.Title}-名单.xlsx`),
    },
  });

/** What the drawer adds under 未配置邮件服务器，仅站内通知. */
const MAIL_OFF_DETAIL = '会员在会员中心的活动通知中查看；配置邮件服务器（SMTP_URL）后，新的通知、提醒与报名确认将同时发送邮件。';

/** The audience list itself, mounted only while an activity is shown, so it never asks for none. */
function Audience({ activity }: { activity: ActivityListItemDto }) {
  const { message } = App.useApp();
  // The sign-up form's questions are the detail's; the rows carry the answers.
  const detail = useQuery({ queryKey: [...activitiesKey, 'detail', activity.ActivityId], queryFn: () => activitiesAdminApi.detail(activity.ActivityId) });
  const resource = audienceOf(activity, detail.data?.SignUpFields ?? []);
  const page = useListPage(resource);
  const [selected, setSelected] = useState<number[]>([]);
  const [reminding, setReminding] = useState(false);
  const remindable = activity.Status === ActivityStatus.Published;

  const remind = async (memberIds: number[]) => {
    setReminding(true);
    try {
      void message.success(await activitiesAdminApi.resend(activity.ActivityId, memberIds));
      setSelected([]);
      page.refresh();
    } catch {
      // Shown by the API client.
    } finally {
      setReminding(false);
    }
  };

  // 移出: a sign-up, a held place or a place in the queue; a place freed goes to the waitlist.
  const remove = useAction((m: ActivityMemberDto) => attendanceAdminApi.remove(activity.ActivityId, m.MemberId), page.refresh);

  // Notices delivered without a mail server say so on each row; the drawer says it once, above.
  const inAppOnly = page.list.query.data?.List.some((m) => m.MailState === 'inapp');

  return (
    <>
      {inAppOnly && <Alert className={styles.mailOff} type="info" showIcon message={activityMessages.mailOff} description={MAIL_OFF_DETAIL} />}
      <ListPage
        resource={resource}
        page={page}
        toolbar={
          <>
            <Auth perm="activity:resend">
              <Tooltip title={remindable ? undefined : '只有已发布的活动可以发送提醒'}>
                <Button icon={<BellOutlined />} disabled={!remindable || selected.length === 0} loading={reminding} onClick={() => void remind(selected)}>
                  提醒所选（{selected.length}）
                </Button>
              </Tooltip>
              <Popconfirm title="向全部未读会员发送提醒？" onConfirm={() => remind([])} okText="提醒" disabled={!remindable}>
                <Button type="primary" icon={<BellOutlined />} disabled={!remindable} loading={reminding}>
                  提醒全部未读
                </Button>
              </Popconfirm>
            </Auth>
            <Auth perm="activity:export">
              <DownloadButton icon={<FileExcelOutlined />} run={() => activitiesAdminApi.exportSignUps(activity)}>
                导出报名签到表
              </DownloadButton>
            </Auth>
            <DownloadButton icon={<CalendarOutlined />} run={() => activitiesAdminApi.calendar(activity)}>
              日历文件
            </DownloadButton>
          </>
        }
        rowActions={[
          {
            label: '移出',
            perm: 'activity:edit',
            danger: true,
            when: (m) => m.IsSignedUp || m.OfferUntil !== '' || m.WaitlistPosition > 0,
            disabled: (m) => m.CheckInTime !== '',
            hint: (m) => (m.CheckInTime ? '已签到，请先在活动签到页撤销签到' : undefined),
            confirm: (m) => `将 ${m.MemberName} 移出本活动？空出的名额将依次保留给候补会员。`,
            run: remove,
          },
        ]}
        table={{ rowSelection: { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) } }}
      />
    </>
  );
}
