import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Skeleton, Statistic, Table, Tag } from 'antd';
import { Link } from 'react-router';
import { formatYuan, messages, toFen, type MembershipSummaryDto } from '@portal/shared';
import { membershipAdminApi } from '../../../api/membership-admin';
import { membershipStateColors } from '../../../components/MembershipStateTag';
import { shellBase } from '../../routes/menuTree';
import { summaryKey } from '../members/membershipKeys';
import styles from './dashboard.module.css';

type LevelDues = MembershipSummaryDto['Levels'][number];

/** 会费收入 of the current year (total, and per level) and the members in each membership state. */
export function DuesCard() {
  const summary = useQuery({ queryKey: summaryKey, queryFn: () => membershipAdminApi.summary() });
  const s = summary.data;
  return (
    <Card variant="borderless" title={`${s?.Year ?? ''}年会费收入`} extra={<Link to={`${shellBase}/member/payment`}>会费管理</Link>}>
      {s ? (
        <div className={styles.dues}>
          <div className={styles.duesFigures}>
            <Statistic title="已收会费" value={formatYuan(toFen(s.Amount))} />
            <Statistic title="缴费笔数" value={s.Payments} suffix="笔" />
          </div>
          <Table<LevelDues>
            rowKey="LevelId"
            size="small"
            pagination={false}
            dataSource={s.Levels}
            columns={[
              { title: '会员等级', dataIndex: 'LevelName' },
              { title: '笔数', dataIndex: 'Payments', align: 'right' },
              { title: '金额', dataIndex: 'Amount', align: 'right', render: (amount: number) => formatYuan(toFen(amount)) },
            ]}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={messages.empty} /> }}
          />
          <div className={styles.states} aria-label="会员会籍状态">
            {s.States.map((state) => (
              <Tag key={state.State} color={membershipStateColors[state.State]}>
                {state.StateName} {state.Members}
              </Tag>
            ))}
          </div>
        </div>
      ) : (
        <Skeleton active paragraph={{ rows: 4 }} />
      )}
    </Card>
  );
}
