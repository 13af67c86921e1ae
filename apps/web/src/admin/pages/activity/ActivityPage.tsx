import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Space, Tag, Tooltip, type TableColumnsType } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { ActivityStatus, messages, type ActivityListItemDto } from '@portal/shared';
import { activitiesAdminApi, type ActivityQuery } from '../../../api/activities';
import { DataTable, usePagedList, type PageState } from '../../../components/DataTable';
import { SearchForm, type SearchField } from '../../../components/SearchForm';
import { Auth } from '../../access/AdminSession';
import { Panel } from '../../layout/Panel';
import { useAction } from '../../shared/useAction';
import { ActivityDialog } from './ActivityDialog';
import { AudienceDrawer } from './AudienceDrawer';
import { activitiesKey, activityStatusOptions, ActivityStatusTag } from './status';
import styles from './activity.module.css';

type Filters = Omit<ActivityQuery, keyof PageState>;

const searchFields: SearchField<Filters>[] = [
  { kind: 'input', name: 'title', label: '活动标题' },
  { kind: 'select', name: 'status', label: '状态', options: activityStatusOptions },
  { kind: 'dateRange', name: 'startRange', names: ['start', 'end'], label: '活动日期', future: true },
];

const minutes = (time: string) => time.slice(0, 16);

/** 活动列表 (component activity/list/index): search, write and edit, publish, close, delete, and each activity's audience. */
export default function ActivityPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const list = usePagedList<ActivityListItemDto, Filters>(activitiesKey, activitiesAdminApi.list, {});
  const [editing, setEditing] = useState<number | null>(null);
  const [audience, setAudience] = useState<ActivityListItemDto | null>(null);
  const now = dayjs().format('YYYY-MM-DD HH:mm:ss');

  const refresh = () => void queryClient.invalidateQueries({ queryKey: activitiesKey });
  const remove = useAction((ids: number[]) => activitiesAdminApi.remove(ids), refresh);
  const close = useAction((id: number) => activitiesAdminApi.close(id), refresh);
  const publish = (id: number) =>
    activitiesAdminApi.publish(id).then(
      (delivered) => {
        void message.success(`已发布，已通知${delivered}位会员`);
        refresh();
      },
      () => undefined,
    );

  const columns: TableColumnsType<ActivityListItemDto> = [
    {
      title: '活动',
      key: 'title',
      width: 240,
      render: (_, a) => (
        <Space size={2} vertical>
          <span>{a.Title}</span>
          <span className={styles.secondary}>{a.Place}</span>
        </Space>
      ),
    },
    {
      title: '时间',
      key: 'time',
      width: 210,
      render: (_, a) => (
        <Space size={2} vertical>
          <span>{`${minutes(a.StartTime)} 至 ${a.EndTime.slice(0, 10) === a.StartTime.slice(0, 10) ? a.EndTime.slice(11, 16) : minutes(a.EndTime)}`}</span>
          <span className={styles.secondary}>报名截止 {minutes(a.SignUpDeadline)}</span>
        </Space>
      ),
    },
    {
      title: '活动对象',
      key: 'audience',
      width: 150,
      render: (_, a) => (a.AudienceAll ? <Tag color="blue">全体会员</Tag> : a.MemberLevelNames.map((name, i) => <Tag key={a.MemberLevels[i]}>{name || '已删除等级'}</Tag>)),
    },
    { title: '状态', key: 'status', width: 80, render: (_, a) => <ActivityStatusTag activity={a} now={now} /> },
    {
      title: '已读/通知',
      key: 'read',
      width: 90,
      render: (_, a) => (a.Status === ActivityStatus.Draft ? '-' : `${a.ReadCount}/${a.AudienceCount}`),
    },
    { title: '报名/上限', key: 'signUp', width: 90, render: (_, a) => `${a.SignUpCount}/${a.Capacity || '不限'}` },
    {
      title: '操作',
      key: 'actions',
      width: 250,
      fixed: 'right',
      render: (_, a) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setAudience(a)} disabled={a.Status === ActivityStatus.Draft}>
            通知对象
          </Button>
          <Auth perm="activity:edit">
            <Button type="link" size="small" onClick={() => setEditing(a.ActivityId)}>
              修改
            </Button>
            {a.Status !== ActivityStatus.Published ? (
              <Popconfirm title="发布后将通知活动对象中的全部会员，确定发布？" onConfirm={() => publish(a.ActivityId)} okText="发布">
                <Button type="link" size="small">
                  发布
                </Button>
              </Popconfirm>
            ) : (
              <Popconfirm title="关闭后会员不能再报名，确定关闭？" onConfirm={() => close(a.ActivityId)} okText="关闭">
                <Button type="link" size="small">
                  关闭
                </Button>
              </Popconfirm>
            )}
          </Auth>
          <Auth perm="activity:delete">
            <Popconfirm title="删除活动将同时删除其通知与报名记录，确定删除？" onConfirm={() => remove([a.ActivityId])} okText="删除" okButtonProps={{ danger: true }}>
              <Tooltip title={a.SignUpCount > 0 ? `已有${a.SignUpCount}人报名` : undefined}>
                <Button type="link" size="small" danger icon={<DeleteOutlined />}>
                  删除
                </Button>
              </Tooltip>
            </Popconfirm>
          </Auth>
        </Space>
      ),
    },
  ];

  return (
    <>
      <SearchForm<Filters> fields={searchFields} onSearch={list.search} loading={list.query.isFetching} />
      <Panel
        actions={
          <Auth perm="activity:add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(0)}>
              新增活动
            </Button>
          </Auth>
        }
      >
        <DataTable<ActivityListItemDto> rowKey="ActivityId" columns={columns} {...list.tableProps} />
      </Panel>
      <ActivityDialog
        activityId={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          void message.success(messages.saved);
          setEditing(null);
          refresh();
        }}
      />
      <AudienceDrawer activity={audience} onClose={() => setAudience(null)} />
    </>
  );
}
