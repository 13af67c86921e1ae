import { Tag } from 'antd';
import { formKindNames, type FormAudience, type FormDto, type FormKind } from '@portal/shared';

/** Query-cache keys of the forms: the list, one form's record, its results. */
export const formsKey = ['admin', 'forms'] as const;
export const formKey = (id: number) => [...formsKey, 'detail', id] as const;
export const resultsKey = (id: number) => [...formsKey, 'results', id] as const;

export const kindName = (kind: string) => formKindNames[kind as FormKind] ?? kind;
export const kindOptions = Object.entries(formKindNames).map(([value, label]) => ({ value, label }));

export const audienceNames: Record<FormAudience, string> = {
  public: '所有人',
  members: '全体会员',
  levels: '指定会员等级',
  standing: '会籍有效的会员',
};

/** Where a form stands for a respondent now: closed by staff, before or after its window, full, or taking answers. */
function formState(form: Pick<FormDto, 'Status' | 'Accepting' | 'OpenTime' | 'CloseTime' | 'ResponseLimit' | 'ResponseCount'>, now: string) {
  if (form.Status === 0) return { text: '已关闭', color: 'default' };
  if (form.Accepting) return { text: '收集中', color: 'green' };
  if (form.OpenTime && now < form.OpenTime) return { text: '未开始', color: 'blue' };
  if (form.CloseTime && now >= form.CloseTime) return { text: '已截止', color: 'orange' };
  if (form.ResponseLimit > 0 && form.ResponseCount >= form.ResponseLimit) return { text: '已满额', color: 'orange' };
  return { text: '暂停', color: 'default' };
}

export function FormStateTag({ form, now }: { form: FormDto; now: string }) {
  const state = formState(form, now);
  return <Tag color={state.color}>{state.text}</Tag>;
}
