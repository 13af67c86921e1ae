import { formKindNames, formMessages, type FormKind, type PublicFormDto } from '@portal/shared';

/**
 * Where a form stands for the one looking at it, read from GetPublicForm: its Refusal is the
 * message SubmitForm would answer, so the page says the server's own words.
 */
export type FormState = 'open' | 'upcoming' | 'ended' | 'full' | 'login' | 'outside' | 'answered';

export function formState(form: Pick<PublicFormDto, 'Refusal'>): FormState {
  const refusal = form.Refusal;
  if (refusal === '') return 'open';
  if (refusal === formMessages.closed || refusal === formMessages.ended) return 'ended';
  if (refusal.startsWith(formMessages.notYetOpen('').slice(0, 4))) return 'upcoming';
  if (refusal === formMessages.full) return 'full';
  if (refusal === formMessages.membersOnly) return 'login';
  if (refusal === formMessages.alreadyResponded) return 'answered';
  return 'outside';
}

/** The state as the badge beside the title says it. */
export const stateNames: Record<FormState, string> = {
  open: '进行中',
  upcoming: '未开始',
  ended: '已结束',
  full: '已满额',
  login: '仅限会员',
  outside: '不在填写范围',
  answered: '已提交',
};

/** 表单, 问卷 or 投票. */
export const kindName = (kind: string) => formKindNames[kind as FormKind] ?? formKindNames.form;

const audienceNames: Record<string, string> = { public: '所有人', members: '本会会员', levels: '指定等级会员', standing: '会籍有效的会员' };
export const audienceName = (audience: string) => audienceNames[audience] ?? audienceNames.public;

/** The window as one line: 2026-12-01 09:00 至 2026-12-31 18:00; '' without bounds. */
export function windowText({ OpenTime, CloseTime }: Pick<PublicFormDto, 'OpenTime' | 'CloseTime'>): string {
  const minute = (t: string) => t.slice(0, 16);
  if (OpenTime && CloseTime) return `${minute(OpenTime)} 至 ${minute(CloseTime)}`;
  if (CloseTime) return `截止于 ${minute(CloseTime)}`;
  if (OpenTime) return `${minute(OpenTime)} 起`;
  return '';
}
