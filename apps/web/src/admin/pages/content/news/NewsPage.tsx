import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Image, Tag } from 'antd';
import type { AdminNewsItemDto } from '@portal/shared';
import { contentAdminApi, type NewsQuery } from '../../../../api/content-admin';
import type { PageState } from '../../../../components/DataTable';
import { useAuth } from '../../../access/AdminSession';
import { BatchDelete, deleteAction, ListPage, listResource, useListPage, useSelection } from '../../../list';
import { useAction } from '../../../shared/useAction';
import { ApprovalDialog } from '../review/ApprovalDialog';
import { reviewKeys } from '../review/keys';
import { articleStatusOptions, ArticleStatusTag, yesNoOptions } from '../flags';
import { BulkActions } from './BulkActions';
import { newsListKey } from './keys';
import { NewsDialog } from './NewsDialog';
import { NewsHistory } from './NewsHistory';
import { NewsReviews } from './NewsReviews';
import { PreviewDialog } from './PreviewDialog';

type Filters = Omit<NewsQuery, keyof PageState>;

const articles = listResource<AdminNewsItemDto, Filters>({
  key: newsListKey,
  // A save in a menu with a review chain submits it: 待我审核, the workbench and the notices change.
  refreshes: [reviewKeys.all],
  fetch: contentAdminApi.news,
  rowKey: 'NewsId',
  search: [
    { kind: 'input', name: 'key', label: '标题' },
    { kind: 'menu', name: 'menuid', label: '所属栏目' },
    { kind: 'select', name: 'status', label: '状态', options: articleStatusOptions },
    { kind: 'select', name: 'istop', label: '置顶', options: yesNoOptions },
    { kind: 'readStatus', name: 'ismemberread', label: '阅读权限' },
    { kind: 'dateRange', name: 'publishRange', names: ['start', 'end'], label: '发布日期' },
  ],
  columns: [
    {
      title: '标题',
      dataIndex: 'Title',
      width: 280,
      render: (title: string, news) => (
        <>
          {news.IsTop && <Tag color="red">置顶</Tag>}
          {news.IsMemberRead && <Tag color="gold">会员</Tag>}
          {title}
        </>
      ),
    },
    { title: '所属栏目', dataIndex: 'MenuName', width: 120 },
    {
      title: '封面',
      dataIndex: 'ImageUrl',
      width: 80,
      render: (url: string) => (url ? <Image src={url} alt="" width={60} height={40} style={{ objectFit: 'cover' }} /> : '-'),
    },
    {
      title: '状态',
      dataIndex: 'Status',
      width: 90,
      render: (status: number, news: AdminNewsItemDto) => (
        <>
          <ArticleStatusTag status={status} />
          {news.EditPending && (
            <Tag color="processing" title="修改已提交审核，审核通过后生效" style={{ marginTop: 4 }}>
              修改待审
            </Tag>
          )}
        </>
      ),
    },
    { title: '作者', dataIndex: 'Author', width: 100, ellipsis: true, render: (author: string) => author || '-' },
    { title: '阅读量', dataIndex: 'Views', width: 80 },
    { title: '发布时间', dataIndex: 'NewsCreateTime', width: 165 },
  ],
  dialog: NewsDialog,
  add: { perm: 'content:news:add', label: '新增文章' },
  edit: { perm: 'content:news:edit' },
  export: { perm: 'content:news:export', run: contentAdminApi.exportNews },
  actionsWidth: 300,
});

/** 文章管理 (component content/news/index): search, page, write and edit in a dialog, preview, history, 审批记录, delete one or many, publish, take down or move many, export. */
export default function NewsPage() {
  const can = useAuth();
  const page = useListPage(articles);
  const [deleting, setDeleting] = useState(false);
  const [previewing, setPreviewing] = useState<AdminNewsItemDto | null>(null);
  const [history, setHistory] = useState<AdminNewsItemDto | null>(null);
  const [reviews, setReviews] = useState<AdminNewsItemDto | null>(null);
  // ?approval=<review id>: a notice to the author (approved, or 驳回 with the reason) opens that 审批单 here.
  const [params, setParams] = useSearchParams();
  const approval = Number(params.get('approval')) || null;
  const closeApproval = () =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.delete('approval');
      return next;
    });
  // ?edit=<article id>: 链接检查 opens the article a broken link is in; the dialog reads the article by its id.
  const editId = Number(params.get('edit')) || null;
  const edit = useRef(page.edit);
  edit.current = page.edit;
  useEffect(() => {
    if (!editId) return;
    edit.current({ NewsId: editId } as AdminNewsItemDto);
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.delete('edit');
        return next;
      },
      { replace: true },
    );
  }, [editId, setParams]);
  const { selected, rowSelection, done: bulkDone } = useSelection(page.refresh);
  const remove = useAction((ids: number[]) => contentAdminApi.deleteNews(ids), bulkDone);
  const removeSelected = () => {
    setDeleting(true);
    void remove(selected).finally(() => setDeleting(false));
  };

  return (
    <>
      <ListPage
        resource={articles}
        page={page}
        rowActions={[
          // A link hands out the whole text of an unpublished article: the editor's to give (and call back).
          { label: '预览', perm: 'content:news:edit', run: setPreviewing },
          { label: '历史版本', perm: 'content:news:revisions', run: setHistory },
          { label: '审批记录', perm: 'content:review:records', run: setReviews },
          // Not ListResource.remove: one article goes the way the selected ones do, and leaves the selection empty.
          deleteAction(
            'content:news:delete',
            (news: AdminNewsItemDto) => `确定删除文章“${news.Title}”吗？`,
            (news) => remove([news.NewsId]),
          ),
        ]}
        toolbar={
          <>
            <BulkActions selected={selected} onDone={bulkDone} />
            <BatchDelete
              perm="content:news:delete"
              count={selected.length}
              question={`确定删除选中的${selected.length}篇文章吗？`}
              loading={deleting}
              onConfirm={removeSelected}
            />
          </>
        }
        table={{ rowSelection: can('content:news:delete') || can('content:news:edit') ? rowSelection : undefined }}
      />
      <PreviewDialog news={previewing} onClose={() => setPreviewing(null)} />
      <NewsHistory news={history} onClose={() => setHistory(null)} onRestored={page.refresh} />
      <NewsReviews news={reviews} onClose={() => setReviews(null)} />
      <ApprovalDialog reviewId={approval} onClose={closeApproval} />
    </>
  );
}
