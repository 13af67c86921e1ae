import { Tag } from 'antd';
import { ApplyState, applyStateNames, memberStatusNames, MemberStatus } from '@portal/shared';

/** The application states as search options (spec §4: 审核中, 已通过, 未通过). */
export const applyStateOptions = Object.entries(applyStateNames).map(([value, label]) => ({ label, value: Number(value) }));
/** A member's own switch: 启用 (1), then 停用 (0). */
export const memberStatusOptions = Object.entries(memberStatusNames)
  .map(([value, label]) => ({ label, value: Number(value) }))
  .reverse();

const applyStateColors: Record<ApplyState, string> = { 0: 'processing', 1: 'success', 2: 'error' };

export function ApplyStateTag({ state }: { state: ApplyState }) {
  return <Tag color={applyStateColors[state]}>{applyStateNames[state]}</Tag>;
}

export function MemberStatusTag({ status }: { status: number }) {
  return <Tag color={status === MemberStatus.Enabled ? 'success' : 'default'}>{memberStatusNames[status]}</Tag>;
}
