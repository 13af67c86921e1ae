import { Tag } from 'antd';
import type { ElectionDetailDto, ElectionVoterDto } from '@portal/shared';
import { electionsAdminApi, type RollFilters } from '../../../../api/elections';
import { ListPage, listResource } from '../../../list';
import { rollKey } from './keys';

type Filters = Omit<RollFilters, 'electionid'>;

/** The frozen roll of one election as a list: who is on it and whether they voted, never how. */
const rollOf = (e: ElectionDetailDto) =>
  listResource<ElectionVoterDto, Filters>({
    key: rollKey(e.Id),
    fetch: (q) => electionsAdminApi.roll({ ...q, electionid: e.Id }),
    rowKey: 'MemberId',
    search: [
      { kind: 'input', name: 'key', label: '会员', placeholder: '会员名称或账号' },
      {
        kind: 'select',
        name: 'voted',
        label: '投票情况',
        options: [
          { label: '已投票', value: 1 },
          { label: '未投票', value: 0 },
        ],
      },
    ],
    columns: [
      { title: '账号', dataIndex: 'Account', width: 140 },
      { title: '会员名称', dataIndex: 'MemberName', width: 240 },
      { title: '会员等级', dataIndex: 'LevelName', width: 110 },
      { title: '冻结时会籍', dataIndex: 'MembershipStateName', width: 110 },
      { title: '投票情况', key: 'voted', width: 100, render: (_, v) => (v.Voted ? <Tag color="success">已投票</Tag> : <Tag>未投票</Tag>) },
    ],
    export: {
      perm: 'member:election:export',
      label: '导出选民名单',
      run: (filters) => electionsAdminApi.exportRoll({ ...filters, electionid: e.Id }, `${e.Title}-选民名单.xlsx`),
    },
  });

/** 选民名单 (from the freeze): searched by member and by whether they voted, exported to .xlsx. */
export function Roll({ election }: { election: ElectionDetailDto }) {
  return <ListPage resource={rollOf(election)} />;
}
