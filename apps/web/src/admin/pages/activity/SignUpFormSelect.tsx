import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { formKindNames, type FormKind } from '@portal/shared';
import { activitiesAdminApi } from '../../../api/activities';
import { activitiesKey } from './status';

/**
 * 报名表: a form of 表单与问卷 members fill in to sign up, found by title on the server (the newest
 * 50 otherwise; anonymous forms are not offered). The activity's own form stays among the
 * options while another search is shown, so the field never shows a bare id.
 */
export function SignUpFormSelect({
  value,
  onChange,
  current,
}: {
  value?: number | null;
  onChange?: (id: number | null) => void;
  /** The form the activity has now, as GetActivity names it. */
  current: { id: number; title: string } | null;
}) {
  const [title, setTitle] = useState('');
  const forms = useQuery({
    queryKey: [...activitiesKey, 'sign-up-forms', title],
    queryFn: () => activitiesAdminApi.signUpFormOptions(title),
    placeholderData: keepPreviousData,
  });
  const options = (forms.data ?? []).map((f) => ({ value: f.Id, label: f.Kind === 'form' ? f.Title : `${f.Title}（${formKindNames[f.Kind as FormKind]}）` }));
  if (current && !options.some((o) => o.value === current.id)) options.unshift({ value: current.id, label: current.title });
  return (
    <Select
      aria-label="报名表"
      value={value || undefined}
      onChange={(id?: number) => onChange?.(id ?? null)}
      options={options}
      loading={forms.isFetching}
      showSearch={{ filterOption: false, onSearch: (text) => setTitle(text.trim()) }}
      onBlur={() => setTitle('')}
      allowClear
      placeholder="不填写报名表（可按标题搜索表单）"
      notFoundContent={forms.isFetching ? '加载中…' : '没有可用的表单（匿名表单不能用作报名表）'}
    />
  );
}
