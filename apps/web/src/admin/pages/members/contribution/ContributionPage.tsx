import { Tag, Tooltip } from 'antd';
import { ArticleStatus, messages, type ContributionListItemDto } from '@portal/shared';
import { contentAdminApi, type ContributionQuery } from '../../../../api/content-admin';
import type { PageState } from '../../../../components/DataTable';
import { ListPage, listResource, useEditing, useListPage } from '../../../list';
import { adminQueryKeys } from '../../../session/queries';
import { ArticleStatusTag } from '../../content/flags';
import { ContributionReviewDialog } from './ContributionReviewDialog';

type Filters = Omit<ContributionQuery, keyof PageState>;
const statusOptions = [
  { value: ArticleStatus.UnderReview, label: '审核中' },
  { value: ArticleStatus.Rejected, label: '审核不通过' },
  { value: ArticleStatus.Published, label: '正常' },
  { value: ArticleStatus.Closed, label: '已关闭' },
];

const contributions = listResource<ContributionListItemDto, Filters>({
  key: [...adminQueryKeys.all, 'contributions'],
  // A decision changes the 工作台's count of contributions waiting.
  refreshes: [[...adminQueryKeys.all, 'dashboard']],
  fetch: contentAdminApi.contributions,
  rowKey: 'NewsId',
  search: [
    { kind: 'select', name: 'status', label: '状态', options: statusOptions },
    { kind: 'input', name: 'key', label: '标题或单位' },
    { kind: 'dateRange', name: 'submitted', label: '提交日期', names: ['start', 'end'] },
  ],
  // 审核中 first by default: the queue is the page's daily work.
  initialFilters: { status: ArticleStatus.UnderReview },
  columns: [
    { title: '标题', dataIndex: 'Title', ellipsis: true, width: 260 },
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
  ],
  export: { perm: 'member:contribution:export', run: contentAdminApi.exportContributions },
  actionsWidth: 90,
});

/** 投稿审核 (component member/contribution/index): the members' contributions, 审核中 first by default. */
export default function ContributionPage() {
  const page = useListPage(contributions);
  // The contribution 审核 shows; a decision is 操作成功, then the list reloads.
  const reviewing = useEditing<number>(page.refresh, () => messages.ok);
  return (
    <ListPage
      resource={contributions}
      page={page}
      rowActions={[{ label: (c) => (c.Status === ArticleStatus.UnderReview ? '审核' : '查看'), run: (c) => reviewing.edit(c.NewsId) }]}
    >
      <ContributionReviewDialog newsId={reviewing.editing} onClose={reviewing.close} onReviewed={reviewing.saved} />
    </ListPage>
  );
}
