import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Empty, Row, Skeleton, Table, Tag, type TableColumnsType } from 'antd';
import { AuditOutlined, EyeOutlined, FileProtectOutlined, FileTextOutlined, LineChartOutlined, SolutionOutlined, TeamOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { messages, type AuditLogDto, type ReviewSummaryDto } from '@portal/shared';
import { reviewApi } from '../../../api/review';
import { systemApi } from '../../../api/system';
import { Link } from 'react-router';
import { useAdminSession, useAuth } from '../../access/AdminSession';
import { shellBase } from '../../routes/menuTree';
import { adminQueryKeys } from '../../session/queries';
import { reviewKeys } from '../content/review/keys';
import { AreaByDay } from '../../../components/charts';
import { DuesCard } from './DuesCard';
import figureCard from '../../shared/figureCard.module.css';
import styles from './dashboard.module.css';

interface StatProps {
  icon: ReactNode;
  label: string;
  value: number | undefined;
  /** A line under the figure. */
  detail?: string | null;
  tone: string;
  /** The page where it is worked through (前往处理) or, with `readOnly`, read (前往查看). */
  to?: string;
  readOnly?: boolean;
}

/** A figure; with `to`, a link to its page. */
function Stat({ icon, label, value, detail, tone, to, readOnly }: StatProps) {
  const card = (
    <Card variant="borderless" className={figureCard.card} hoverable={to !== undefined}>
      <span className={figureCard.icon} style={{ background: tone }}>
        {icon}
      </span>
      <div>
        <div className={styles.statLabel}>{label}</div>
        <div className={styles.statValue}>{value === undefined ? '—' : value.toLocaleString('zh-CN')}</div>
        {detail && <div className={styles.statDetail}>{detail}</div>}
      </div>
    </Card>
  );
  return to ? (
    <Link to={to} aria-label={`${label}：${value ?? '—'}${detail ? `，${detail}` : ''}，${readOnly ? '前往查看' : '前往处理'}`}>
      {card}
    </Link>
  ) : (
    card
  );
}

/** The review chains no one can move: each menu and step, and where to mend it. */
function BlockedChains({ blocked, canMend }: { blocked: ReviewSummaryDto['Blocked']; canMend: boolean }) {
  return (
    <Alert
      type="error"
      showIcon
      message="审核流程受阻"
      description={
        <>
          <ul className={styles.blockedList}>
            {blocked.map((b) => (
              <li key={`${b.MenuId}-${b.StepName}`}>
                栏目“{b.MenuName}”的{b.StepName}无人可审核
              </li>
            ))}
          </ul>
          送审到这些步骤的稿件将无法继续。请
          {canMend ? <Link to={`${shellBase}/content/menu`}>在栏目管理的“审核流程”中</Link> : '管理员在栏目管理的“审核流程”中'}
          更换审核角色，或为角色分配“待我审核”权限并启用其管理员。
        </>
      }
    />
  );
}

const auditColumns: TableColumnsType<AuditLogDto> = [
  { title: '时间', dataIndex: 'CreateTime', width: 170 },
  { title: '账号', dataIndex: 'Account', width: 120 },
  { title: '操作', dataIndex: 'ActionName', width: 140 },
  { title: '详情', dataIndex: 'Detail', ellipsis: true, render: (detail: string) => detail || '-' },
  {
    title: '结果',
    dataIndex: 'Result',
    width: 80,
    render: (result: number) => (result === 1 ? <Tag color="success">成功</Tag> : <Tag color="error">失败</Tag>),
  },
];

/** 工作台 (component dashboard/index): the association's figures (with 待我审核 and any blocked review chain for reviewers), visits over 30 days and the latest audit entries. */
export default function DashboardPage() {
  const { user } = useAdminSession();
  const can = useAuth();
  const dashboard = useQuery({ queryKey: [...adminQueryKeys.all, 'dashboard'], queryFn: systemApi.dashboard });
  const d = dashboard.data;
  const reviewer = can('content:review:list');
  const reviews = useQuery({ queryKey: reviewKeys.summary, queryFn: reviewApi.summary, enabled: reviewer });
  // Five figures or more (待我审核, 昨日浏览量): they share the row, wrapping on narrower screens.
  const stat = reviewer || can('stats:visits') ? { flex: '1 1 220px' } : { xs: 24, sm: 12, xl: 6 };

  return (
    <div className={styles.page}>
      <div className={styles.welcome}>
        <div>
          <h2 className={styles.greeting}>您好，{user.FullName || user.Account}</h2>
          <p className={styles.sub}>
            {user.RoleName} · {dayjs().format('YYYY年M月D日 dddd')}
          </p>
        </div>
      </div>
      {reviewer && !!reviews.data?.Blocked.length && <BlockedChains blocked={reviews.data.Blocked} canMend={can('content:menu:review')} />}
      <Row gutter={[16, 16]}>
        {reviewer && (
          <Col {...stat}>
            <Stat icon={<FileProtectOutlined />} label="待我审核" value={reviews.data?.Mine} tone="#6b3fa0" to={`${shellBase}/content/review`} />
          </Col>
        )}
        <Col {...stat}>
          <Stat icon={<FileTextOutlined />} label="已发布文章" value={d?.ArticleCount} tone="#0b4a8b" />
        </Col>
        {/* Member figures only for those who may see members, as the server answers them. */}
        {can('member:list') && (
          <>
            <Col {...stat}>
              <Stat icon={<TeamOutlined />} label="会员单位" value={d?.MemberCount ?? undefined} tone="#1f8a70" />
            </Col>
            <Col {...stat}>
              <Stat
                icon={<SolutionOutlined />}
                label="待审核入会申请"
                value={d?.PendingApplicationCount ?? undefined}
                tone="#d48806"
                to={`${shellBase}/member/list`}
              />
            </Col>
          </>
        )}
        {/* Yesterday's 访问统计 for those who may open it; today's are on its page. */}
        {can('stats:visits') && (
          <Col {...stat}>
            <Stat
              icon={<LineChartOutlined />}
              label="昨日浏览量"
              value={d?.Yesterday?.Views}
              detail={d?.Yesterday && `访客 ${d.Yesterday.Visitors.toLocaleString('zh-CN')}`}
              tone="#2f54eb"
              to={`${shellBase}/stats/visits`}
              readOnly
            />
          </Col>
        )}
        {can('member:contribution:list') && (
          <Col {...stat}>
            <Stat
              icon={<AuditOutlined />}
              label="待审核投稿"
              value={d?.PendingContributionCount ?? undefined}
              tone="#b8262c"
              to={`${shellBase}/member/contribution`}
            />
          </Col>
        )}
        <Col xs={24} xxl={14}>
          <Card
            variant="borderless"
            title="近30天访问量"
            extra={
              d && (
                <span className={styles.sub}>
                  <EyeOutlined /> 累计访问 {d.TotalVisits.toLocaleString('zh-CN')} 次
                </span>
              )
            }
          >
            {d ? <AreaByDay data={d.Visits} unit="次" label="近30天访问量" /> : <Skeleton active paragraph={{ rows: 6 }} />}
          </Card>
        </Col>
        {/* Money is for those who keep the dues, not every editor with a workbench. */}
        {can('member:payment:list') && (
          <Col xs={24} xxl={10}>
            <DuesCard />
          </Col>
        )}
        <Col xs={24} xxl={10}>
          <Card variant="borderless" title="最近操作">
            <Table<AuditLogDto>
              rowKey="Id"
              size="small"
              columns={auditColumns}
              dataSource={d?.RecentAudit}
              loading={dashboard.isLoading}
              pagination={false}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={messages.empty} /> }}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
