import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Select, Space, Table, Tag } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { cstDate, WORKDAY_YEARS, WorkdayKind, type WorkdayDto } from '@portal/shared';
import { systemApi } from '../../../../api/system';
import { useAuth } from '../../../access/AdminSession';
import { adminQueryKeys } from '../../../session/queries';
import { lacksWorkdays, monthDay, runsOf, type Run } from './calendarGrid';
import { MonthGrid } from './MonthGrid';
import { WorkdayDialog, type OpenDay } from './WorkdayDialog';
import styles from './workdays.module.css';

const workdaysKey = [...adminQueryKeys.all, 'workdays'] as const;
const months = Array.from({ length: 12 }, (_, i) => i + 1);
const yearOptions = Array.from({ length: WORKDAY_YEARS.max - WORKDAY_YEARS.min + 1 }, (_, i) => WORKDAY_YEARS.min + i).map((y) => ({
  label: `${y}年`,
  value: y,
}));

const kindTag = (kind: number) => (kind === WorkdayKind.Work ? <Tag color="blue">班</Tag> : <Tag color="red">休</Tag>);

// Three columns, the kind beside the name, so the table fits a phone's width.
const runColumns = [
  {
    title: '名称',
    key: 'name',
    render: (_: unknown, r: Run) => (
      <>
        {kindTag(r.kind)}
        {r.name}
      </>
    ),
  },
  { title: '日期', key: 'dates', render: (_: unknown, r: Run) => (r.days === 1 ? monthDay(r.first) : `${monthDay(r.first)}至${monthDay(r.last)}`) },
  { title: '天数', dataIndex: 'days', width: 60, align: 'right' as const },
];

function Legend() {
  return (
    <div className={styles.legend}>
      <span>
        <span className={`${styles.swatch} ${styles.rest}`}>休</span>放假
      </span>
      <span>
        <span className={`${styles.swatch} ${styles.work}`}>班</span>调休上班
      </span>
      <span>其余日期：周一至周五上班，周六、周日休息</span>
    </div>
  );
}

/**
 * 工作日历 (component system/workdays/index): a year's days off (休) and weekend days worked (班),
 * which deadlines in working days count. A day is set or cleared from the year view; the runs
 * below list the year's arrangement as the State Council's notice reads.
 */
export default function WorkdaysPage() {
  const can = useAuth();
  const queries = useQueryClient();
  const today = cstDate();
  const [year, setYear] = useState(Number(today.slice(0, 4)));
  const [open, setOpen] = useState<OpenDay | null>(null);
  const entries = useQuery({ queryKey: [...workdaysKey, year], queryFn: () => systemApi.workdays(year) });
  const list = useMemo(() => entries.data?.List ?? [], [entries.data]);
  const byDay = useMemo(() => new Map(list.map((e) => [e.Date, e])), [list]);
  const mayOpen = (entry: WorkdayDto | undefined) => (entry ? can('system:workday:edit') || can('system:workday:delete') : can('system:workday:add'));
  const pickFor = (entry: WorkdayDto | undefined) => (mayOpen(entry) ? (day: string) => setOpen({ day, entry }) : undefined);
  const saved = () => {
    setOpen(null);
    void queries.invalidateQueries({ queryKey: workdaysKey });
  };

  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="留言答复等期限按工作日计算：标为“休”的日期不计，标为“班”的周六、周日计入，其余日期周一至周五为工作日。"
        description="国务院办公厅每年公布次年节假日安排后（通常在11月），请在此录入放假日期（休）和调休上班日期（班）。点击日期即可设置或清除。"
      />
      <Card>
        <div className={styles.toolbar}>
          <Space>
            <Button icon={<LeftOutlined />} aria-label="上一年" disabled={year <= WORKDAY_YEARS.min} onClick={() => setYear(year - 1)} />
            <Select aria-label="年份" value={year} options={yearOptions} onChange={setYear} style={{ width: 110 }} showSearch />
            <Button icon={<RightOutlined />} aria-label="下一年" disabled={year >= WORKDAY_YEARS.max} onClick={() => setYear(year + 1)} />
          </Space>
          <Legend />
        </div>
        {entries.isSuccess && lacksWorkdays(list) && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={`${year}年尚未录入调休上班日（班）`}
            description="国务院公布该年节假日安排后，请录入全部放假日期（休）和调休上班日期（班）；未录入的日期按星期计算（周一至周五为工作日）。"
          />
        )}
        <div className={styles.months} aria-busy={entries.isPending}>
          {months.map((month) => (
            <MonthGrid key={month} year={year} month={month} byDay={byDay} today={today} pickFor={pickFor} />
          ))}
        </div>
      </Card>
      <Card title={`${year}年安排`} size="small" style={{ marginTop: 16 }}>
        <Table<Run>
          size="small"
          rowKey={(r) => r.first}
          columns={runColumns}
          dataSource={runsOf(list)}
          loading={entries.isPending}
          pagination={false}
          scroll={{ x: 'max-content' }}
        />
      </Card>
      <WorkdayDialog open={open} onClose={() => setOpen(null)} onSaved={saved} />
    </>
  );
}
