import { useSearchParams } from 'react-router';
import { App, Tabs } from 'antd';
import type { ReviewListItemDto } from '@portal/shared';
import { reviewApi, type ReviewQuery } from '../../../../api/review';
import type { PageState } from '../../../../components/DataTable';
import { useAuth } from '../../../access/AdminSession';
import { ListPage, listResource, useRefresh } from '../../../list';
import { adminQueryKeys } from '../../../session/queries';
import { newsListKey } from '../news/keys';
import { reviewColumns, stateOptions } from './columns';
import { reviewKeys } from './keys';
import { ReviewDialog } from './ReviewDialog';

type Filters = Omit<ReviewQuery, keyof PageState | 'scope'>;

/** 待我审核: the pending reviews whose current step the caller may decide. */
const mine = listResource<ReviewListItemDto, Filters>({
  key: reviewKeys.list('mine'),
  fetch: (query) => reviewApi.list({ ...query, scope: 'mine' }),
  rowKey: 'ReviewId',
  search: [
    { kind: 'input', name: 'key', label: '标题' },
    { kind: 'menu', name: 'menuid', label: '所属栏目' },
  ],
  columns: reviewColumns(),
  actionsWidth: 70,
});

/** 审批记录: every review, any state. */
const records = listResource<ReviewListItemDto, Filters>({
  ...mine,
  key: reviewKeys.list('all'),
  fetch: (query) => reviewApi.list({ ...query, scope: 'all' }),
  search: [...(mine.search ?? []), { kind: 'select', name: 'state', label: '状态', options: stateOptions }],
});

/** The address parameter that opens one review (the notices link to it). */
const reviewParam = 'review';

/**
 * 待我审核 (component content/review/index): the reviews waiting for the caller, and for holders
 * of content:review:records every review (审批记录). A row, or `?review=<id>` in the address,
 * opens the review; a decision reloads the lists, the workbench, the notices and 文章管理.
 */
export default function ReviewPage() {
  const can = useAuth();
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const reviewId = Number(params.get(reviewParam)) || null;
  const show = (id: number | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id) next.set(reviewParam, String(id));
        else next.delete(reviewParam);
        return next;
      },
      { replace: id === null },
    );
  const refresh = useRefresh([reviewKeys.all, newsListKey, [...adminQueryKeys.all, 'dashboard'], [...adminQueryKeys.all, 'contributions']]);

  const tabs = [
    {
      key: 'mine',
      label: '待我审核',
      children: <ListPage resource={mine} rowActions={[{ label: '审核', run: (r: ReviewListItemDto) => show(r.ReviewId) }]} />,
    },
    ...(can('content:review:records')
      ? [
          {
            key: 'records',
            label: '审批记录',
            children: <ListPage resource={records} rowActions={[{ label: '查看', run: (r: ReviewListItemDto) => show(r.ReviewId) }]} />,
          },
        ]
      : []),
  ];

  return (
    <>
      <Tabs items={tabs} destroyOnHidden />
      <ReviewDialog
        reviewId={reviewId}
        onClose={() => show(null)}
        onDecided={(said) => {
          void message.success(said);
          show(null);
          refresh();
        }}
      />
    </>
  );
}
