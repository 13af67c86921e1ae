import { Tag } from 'antd';
import { ArticleStatus } from '@portal/shared';

export const yesNoOptions = [
  { label: '是', value: 1 },
  { label: '否', value: 0 },
];

const articleStatusTags: Record<number, { color: string; label: string }> = {
  [ArticleStatus.Published]: { color: 'success', label: '正常' },
  [ArticleStatus.Closed]: { color: 'default', label: '停用' },
  [ArticleStatus.Rejected]: { color: 'error', label: '审核不通过' },
  [ArticleStatus.UnderReview]: { color: 'processing', label: '审核中' },
};

/** An article's status: the editor's 正常/停用 and the review states of contributions. */
export const articleStatusOptions = Object.entries(articleStatusTags).map(([value, { label }]) => ({ label, value: Number(value) }));

export function ArticleStatusTag({ status }: { status: number }) {
  const tag = articleStatusTags[status] ?? { color: 'default', label: String(status) };
  return <Tag color={tag.color}>{tag.label}</Tag>;
}
