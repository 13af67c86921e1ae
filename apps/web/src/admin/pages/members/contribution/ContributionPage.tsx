import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Tag, Tooltip, type TableColumnsType } from 'antd';
import { ArticleStatus, type ContributionListItemDto } from '@portal/shared';
import { contentAdminApi, type ContributionQuery } from '../../../../api/content-admin';
import { DataTable, usePagedList, type PageState } from '../../../../components/DataTable';
import { SearchForm, type SearchField } from '../../../../components/SearchForm';
import { Panel } from '../../../layout/Panel';
import { adminQueryKeys } from '../../../session/queries';
import { ArticleStatusTag } from '../../content/flags';
import { ContributionReviewDialog } from './ContributionReviewDialog';

type Filters = Omit<ContributionQuery, keyof PageState>;
const listKey = [...adminQueryKeys.all, 'contributions'];
const statusOptions = [
  { value: ArticleStatus.UnderReview, label: '审核中' },
  { value: ArticleStatus.Rejected, label: '审核不通过' },
  { value: ArticleStatus.Published, label: '正常' },
  { value: ArticleStatus.Closed, label: '已关闭' },
];
const searchFields: SearchField<Filters>[] = [
  { kind: 'select', name: 'status', label: '状态', options: statusOptions },
  { kind: 'input', name: 'key', label: '标题或单位' },
  { kind: 'dateRange', name: 'submitted', label: '提交日期', names: ['start', 'end'] },
];

/** 投稿审核 (component member/contribution/index): the members' contributions, 审核中 first by default. */
export default function ContributionPage() {
  const queryClient = useQueryClient();
  const list = usePagedList<ContributionListItemDto, Filters>(listKey, contentAdminApi.contributions, { status: ArticleStatus.UnderReview });
  const [reviewing, setReviewing] = useState<number | null>(null);

  const columns: TableColumnsType<ContributionListItemDto> = [
    { title: '标题', dataIndex: 'Title', ellipsis: true },
    { title: '投稿单位', key: 'member', width: 220, render: (_, c) => `${c.MemberName}（${c.Account}）` },
    { title: '栏目', dataIndex: 'MenuName', width: 120 },
    { title: '提交时间', dataIndex: 'SubmitTime', width: 180 },
    { title: '状态', dataIndex: 'Status', width: 110, render: (status: number) => <ArticleStatusTag status={status} /> },
    {
      title: '敏感词',
      key: 'words',
      width: 100,
      render: (_, c) =>
        c.SensitiveWords.length ? (
          <Tooltip title={c.SensitiveWords.map((w) => `${w.Word} ×${w.Count}`).join('，')}>
            <Tag color="red">敏感词 {c.SensitiveWords.length}</Tag>
          </Tooltip>
        ) : (
          '-'
        ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      fixed: 'right',
      render: (_, c) => (
        <Button type="link" size="small" onClick={() => setReviewing(c.NewsId)}>
          {c.Status === ArticleStatus.UnderReview ? '审核' : '查看'}
        </Button>
      ),
    },
  ];

  return (
    <>
      <SearchForm<Filters> fields={searchFields} onSearch={list.search} loading={list.query.isFetching} initialValues={{ status: ArticleStatus.UnderReview }} />
      <Panel>
        <DataTable<ContributionListItemDto> rowKey="NewsId" numbered columns={columns} scroll={{ x: 1000 }} {...list.tableProps} />
      </Panel>
      <ContributionReviewDialog
        newsId={reviewing}
        onClose={() => setReviewing(null)}
        onReviewed={() => {
          setReviewing(null);
          void queryClient.invalidateQueries({ queryKey: listKey });
          void queryClient.invalidateQueries({ queryKey: [...adminQueryKeys.all, 'dashboard'] });
        }}
      />
    </>
  );
}
