import { Tag, type TableColumnsType } from 'antd';
import { reviewKindNames, ReviewState, reviewStateNames, type ReviewKind, type ReviewListItemDto } from '@portal/shared';

const stateColors: Record<ReviewState, string> = { 1: 'processing', 2: 'success', 3: 'error', 4: 'default' };
const kindColors: Record<ReviewKind, string> = { 1: 'blue', 2: 'orange', 3: 'purple', 4: 'cyan' };

export const ReviewStateTag = ({ state }: { state: ReviewState }) => <Tag color={stateColors[state]}>{reviewStateNames[state]}</Tag>;
export const ReviewKindTag = ({ kind }: { kind: ReviewKind }) => <Tag color={kindColors[kind]}>{reviewKindNames[kind]}</Tag>;

/** Where a review is in its chain: 初审 1/2 (the last step once decided). */
export const stepText = (r: Pick<ReviewListItemDto, 'StepName' | 'StepNo' | 'StepCount'>) => `${r.StepName} ${r.StepNo}/${r.StepCount}`;

export const stateOptions = ([ReviewState.Pending, ReviewState.Approved, ReviewState.Rejected, ReviewState.Withdrawn] as const).map((value) => ({
  value,
  label: reviewStateNames[value],
}));

/** The columns of a list of reviews (待我审核, 审批记录); `article` false leaves out what one article's list repeats. */
export function reviewColumns({ article = true } = {}): TableColumnsType<ReviewListItemDto> {
  return [
    ...(article
      ? [
          { title: '标题', dataIndex: 'Title', width: 260, ellipsis: true },
          { title: '所属栏目', dataIndex: 'MenuName', width: 120 },
        ]
      : []),
    { title: '类型', dataIndex: 'Kind', width: 90, render: (kind: ReviewKind) => <ReviewKindTag kind={kind} /> },
    ...(article
      ? [
          {
            title: '拟稿',
            dataIndex: 'AuthorName',
            width: 120,
            ellipsis: true,
            render: (name: string, r: ReviewListItemDto) => <span title={r.Author}>{name}</span>,
          },
        ]
      : []),
    { title: '步骤', key: 'step', width: 100, render: (_, r) => stepText(r) },
    { title: '提交时间', dataIndex: 'SubmitTime', width: 165 },
    { title: '状态', dataIndex: 'State', width: 90, render: (state: ReviewState) => <ReviewStateTag state={state} /> },
  ];
}
