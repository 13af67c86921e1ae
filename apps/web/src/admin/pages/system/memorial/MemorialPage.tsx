import { Alert, Tag } from 'antd';
import { cstDate, memorialDayCount, type MemorialDayDto } from '@portal/shared';
import { systemApi, type MemorialDayQuery } from '../../../../api/system';
import type { PageState } from '../../../../components/DataTable';
import { ListPage, listResource } from '../../../list';
import { adminQueryKeys } from '../../../session/queries';
import { MemorialDialog } from './MemorialDialog';

type Filters = Omit<MemorialDayQuery, keyof PageState>;

const thisYear = Number(cstDate().slice(0, 4));
/** Last three years and the next two. */
const yearOptions = Array.from({ length: 6 }, (_, i) => thisYear + 2 - i).map((year) => ({ label: `${year}年`, value: year }));

/** Where a record stands on today's China date. */
function Phase({ day }: { day: MemorialDayDto }) {
  const today = cstDate();
  if (day.EndDate < today) return <Tag color="default">已结束</Tag>;
  if (day.StartDate > today) return <Tag color="processing">未开始</Tag>;
  return <Tag color="error">进行中</Tag>;
}

const memorialDays = listResource<MemorialDayDto, Filters>({
  key: [...adminQueryKeys.all, 'memorial-days'],
  fetch: systemApi.memorialDays,
  rowKey: 'Id',
  search: [{ kind: 'select', name: 'year', label: '年份', options: yearOptions }],
  columns: [
    { title: '哀悼日期', key: 'dates', render: (_, d) => (d.StartDate === d.EndDate ? d.StartDate : `${d.StartDate} 至 ${d.EndDate}`) },
    { title: '天数', key: 'days', width: 80, render: (_, d) => memorialDayCount(d.StartDate, d.EndDate) },
    { title: '置灰范围', dataIndex: 'ScopeName', width: 110 },
    { title: '状态', key: 'phase', width: 100, render: (_, d) => <Phase day={d} /> },
    { title: '备注', dataIndex: 'Note', ellipsis: true },
    { title: '更新时间', dataIndex: 'UpdateTime', width: 180 },
  ],
  dialog: MemorialDialog,
  add: { perm: 'system:memorial:add', label: '新增哀悼日' },
  edit: { perm: 'system:memorial:edit' },
  remove: {
    perm: 'system:memorial:delete',
    question: (d) => `确定删除哀悼日“${d.StartDate === d.EndDate ? d.StartDate : `${d.StartDate} 至 ${d.EndDate}`}”吗？`,
    run: (d) => systemApi.deleteMemorialDay(d.Id),
  },
});

/**
 * 哀悼日 (component system/memorial/index): the days on which the public site, or only its home
 * page, is shown in grey, as on national days of mourning; set ahead of time, they switch on and
 * off by themselves at midnight (Beijing time).
 */
export default function MemorialPage() {
  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="在以下日期内，官网（全站或仅首页）自动显示为灰色，于北京时间零点开始和结束，无需手动切换。"
        description="适用于国家公祭日、全国哀悼日等。置灰期间关怀模式照常可用；后台管理系统始终不会变灰。保存后立即生效。"
      />
      <ListPage resource={memorialDays} />
    </>
  );
}
