import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Empty, Input, List, Pagination, Popconfirm, Segmented, Tag } from 'antd';
import { messages, type CheckInMemberDto } from '@portal/shared';
import { attendanceAdminApi } from '../../../../api/attendance';
import { Auth } from '../../../access/AdminSession';
import { isRefetch } from '../../../shared/polling';
import { CheckedInBy, MemberLines } from './CheckInResult';
import { checkInKeys } from './keys';
import styles from './checkin.module.css';

const PAGE_SIZE = 10;
const states = [
  { label: '全部', value: '' },
  { label: '未签到', value: '0' },
  { label: '已签到', value: '1' },
];

/** The roster is asked again this often: other staff, and members at the venue's QR, check in too. */
const ROSTER_EVERY_MS = 5000;

/**
 * The sign-ups at the door, found by company, account, contact or check-in code (the fallback
 * when a QR will not scan): each with its state, 签到 for those not checked in and 撤销 for
 * those who are (activity:checkin:undo).
 */
export function Roster({
  activityId,
  onCheckIn,
  onUndo,
}: {
  activityId: number;
  onCheckIn: (m: CheckInMemberDto) => Promise<void>;
  onUndo: (m: CheckInMemberDto) => Promise<void>;
}) {
  const [key, setKey] = useState('');
  const [state, setState] = useState('');
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState<number | null>(null);
  const roster = useQuery({
    queryKey: [...checkInKeys.roster(activityId), key, state, page],
    queryFn: (context) =>
      attendanceAdminApi.members(
        {
          activityid: activityId,
          key: key || undefined,
          checkedin: state === '' ? undefined : Number(state),
          pageindex: page,
          pagesize: PAGE_SIZE,
        },
        { background: isRefetch(context) },
      ),
    placeholderData: keepPreviousData,
    refetchInterval: ROSTER_EVERY_MS,
  });
  const act = (member: CheckInMemberDto, action: (m: CheckInMemberDto) => Promise<void>) => {
    setBusy(member.MemberId);
    void action(member).finally(() => setBusy(null));
  };

  return (
    <section className={styles.roster} aria-label="报名名单">
      <div className={styles.rosterTools}>
        <Input.Search
          className={styles.search}
          placeholder="会员名称、账号、联络人或签到码"
          aria-label="搜索会员"
          allowClear
          enterButton="搜索"
          onSearch={(value) => {
            // The same search again asks again (the list may have changed since).
            if (value.trim() === key && page === 1) void roster.refetch();
            setKey(value.trim());
            setPage(1);
          }}
        />
        <Segmented
          options={states}
          value={state}
          onChange={(value) => {
            setState(value);
            setPage(1);
          }}
        />
      </div>
      <List<CheckInMemberDto>
        loading={roster.isLoading}
        dataSource={roster.data?.List ?? []}
        locale={{ emptyText: <Empty description={messages.empty} /> }}
        renderItem={(m) => (
          <List.Item
            className={styles.rosterItem}
            actions={[
              m.CheckInTime ? (
                <Auth key="undo" perm="activity:checkin:undo">
                  <Popconfirm title={`撤销 ${m.MemberName} 的签到？`} okText="撤销" cancelText="取消" onConfirm={() => act(m, onUndo)}>
                    <Button size="small" loading={busy === m.MemberId}>
                      撤销
                    </Button>
                  </Popconfirm>
                </Auth>
              ) : (
                <Button key="check" type="primary" size="small" loading={busy === m.MemberId} onClick={() => act(m, onCheckIn)}>
                  签到
                </Button>
              ),
            ]}
          >
            <div className={styles.rosterEntry}>
              <MemberLines member={m} />
              {m.CheckInTime ? (
                <Tag color="success">
                  已签到 {m.CheckInTime.slice(11, 16)} · <CheckedInBy member={m} />
                </Tag>
              ) : (
                <Tag>未签到</Tag>
              )}
            </div>
          </List.Item>
        )}
      />
      {(roster.data?.TotalCount ?? 0) > PAGE_SIZE && (
        <Pagination
          className={styles.pager}
          size="small"
          current={page}
          pageSize={PAGE_SIZE}
          total={roster.data?.TotalCount ?? 0}
          showSizeChanger={false}
          onChange={setPage}
        />
      )}
    </section>
  );
}
