import { Tag, type TagProps } from 'antd';
import { ArticleStatus } from '@portal/shared';

/**
 * An article's Status (spec §4) as a tag, for the back office's lists and the member's
 * contribution centre alike. They differ in two words only: the back-office editor calls
 * status 0 停用 (its choices are 正常 and 停用) and shows an unknown value as it is; the
 * contribution centre calls it 已关闭 and warns about an unknown value (spec §2).
 */
const tags: Record<number, { color: string; label: string }> = {
  [ArticleStatus.Published]: { color: 'success', label: '正常' },
  [ArticleStatus.Closed]: { color: 'default', label: '停用' },
  [ArticleStatus.Rejected]: { color: 'error', label: '审核不通过' },
  [ArticleStatus.UnderReview]: { color: 'processing', label: '审核中' },
  [ArticleStatus.Scheduled]: { color: 'gold', label: '待发布' },
  [ArticleStatus.Draft]: { color: 'purple', label: '草稿' },
};

/** The statuses as select options, in the editor's words. */
export const articleStatusOptions = Object.entries(tags).map(([value, { label }]) => ({ label, value: Number(value) }));

/** Other props (a Tooltip's handlers among them) go to the Tag. */
export function ArticleStatusTag({ status, contribution = false, ...tag }: { status: number; contribution?: boolean } & Omit<TagProps, 'color' | 'children'>) {
  const known = tags[status];
  if (contribution) {
    const label = status === ArticleStatus.Closed ? '已关闭' : (known?.label ?? `状态${status}`);
    return (
      <Tag {...tag} color={known?.color ?? 'warning'}>
        {label}
      </Tag>
    );
  }
  return (
    <Tag {...tag} color={known?.color ?? 'default'}>
      {known?.label ?? String(status)}
    </Tag>
  );
}
