import { activitiesAdminApi } from '../../../api/activities';
import { electionsAdminApi } from '../../../api/elections';
import { formsAdminApi } from '../../../api/forms-admin';
import { SearchSelect, type SearchOption } from '../../shared/SearchSelect';
import { mailingKeys } from './keys';

/** The newest 20 before anything is typed, else those whose title holds the text. */
const titled = (title: string) => ({ pageindex: 1, pagesize: 20, title: title || undefined });

interface Kind {
  search: (title: string) => Promise<SearchOption[]>;
  nameOf: (id: number) => Promise<string>;
  placeholder: string;
  notFound: string;
}

const kinds: Record<'activity' | 'form' | 'election', Kind> = {
  activity: {
    search: (title) =>
      activitiesAdminApi
        .list(titled(title))
        .then((page) => page.List.map((a) => ({ value: a.ActivityId, label: `${a.Title}（${a.StartTime.slice(0, 10)}）` }))),
    nameOf: (id) => activitiesAdminApi.detail(id).then((a) => a.Title),
    placeholder: '不限（输入活动名称搜索）',
    notFound: '没有找到活动',
  },
  form: {
    search: (title) => formsAdminApi.list(titled(title)).then((page) => page.List.map((f) => ({ value: f.Id, label: f.Title }))),
    nameOf: (id) => formsAdminApi.detail(id).then((f) => f.Title),
    placeholder: '不限（输入表单标题搜索）',
    notFound: '没有找到表单',
  },
  election: {
    search: (title) => electionsAdminApi.list(titled(title)).then((page) => page.List.map((e) => ({ value: e.Id, label: e.Title }))),
    nameOf: (id) => electionsAdminApi.detail(id).then((e) => e.Title),
    placeholder: '不限（输入选举名称搜索）',
    notFound: '没有找到选举',
  },
};

/** A segment's activity, form or election, found by its title; none (不限) is 0, as the call takes it. */
export function SegmentPicker({ kind, id, value, onChange }: { kind: keyof typeof kinds; id?: string; value?: number; onChange?: (id: number) => void }) {
  return (
    <SearchSelect id={id} value={value} onChange={(picked) => onChange?.(picked ?? 0)} allowClear queryKey={[...mailingKeys.segment, kind]} {...kinds[kind]} />
  );
}
