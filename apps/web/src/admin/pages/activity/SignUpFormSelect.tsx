import { formKindNames, type FormKind } from '@portal/shared';
import { activitiesAdminApi } from '../../../api/activities';
import { SearchSelect } from '../../shared/SearchSelect';
import { activitiesKey } from './status';

/**
 * 报名表: a form of 表单与问卷 members fill in to sign up, found by title on the server (the newest
 * 50 otherwise; anonymous forms are not offered). The activity's own form is named from GetActivity
 * while another search is shown, so the field never shows a bare id.
 */
export function SignUpFormSelect({
  id,
  value,
  onChange,
  current,
}: {
  id?: string;
  value?: number | null;
  onChange?: (id: number | null) => void;
  /** The form the activity has now, as GetActivity names it. */
  current: { id: number; title: string } | null;
}) {
  return (
    <SearchSelect
      id={id}
      value={value ?? undefined}
      onChange={(picked) => onChange?.(picked ?? null)}
      allowClear
      queryKey={[...activitiesKey, 'sign-up-forms']}
      search={(title) =>
        activitiesAdminApi
          .signUpFormOptions(title)
          .then((forms) => forms.map((f) => ({ value: f.Id, label: f.Kind === 'form' ? f.Title : `${f.Title}（${formKindNames[f.Kind as FormKind]}）` })))
      }
      nameOf={current ? () => Promise.resolve(current.title) : undefined}
      placeholder="不填写报名表（可按标题搜索表单）"
      notFound="没有可用的表单（匿名表单不能用作报名表）"
    />
  );
}
