import { Tag } from 'antd';
import { membershipStateNames, type MembershipState } from '@portal/shared';

/**
 * A member's 会籍状态 as a tag, for the back office's member list and dialog and the member's own
 * 我的会籍 alike: green while paid up, orange while dues are late but services run (宽限期), red
 * once they stop (已过期), grey when disabled. '-' for an applicant not yet approved (no state).
 */
/** Each state's tag colour, for tags that say more than the state (the workbench's counts). */
export const membershipStateColors: Record<MembershipState, string> = { 1: 'success', 2: 'warning', 3: 'error', 4: 'default' };

/** The states as search options: 有效, 宽限期, 已过期, 已停用. */
export const membershipStateOptions = Object.entries(membershipStateNames).map(([value, label]) => ({ label, value: Number(value) }));

export function MembershipStateTag({ state }: { state: number }) {
  const name = membershipStateNames[state as MembershipState];
  return name ? <Tag color={membershipStateColors[state as MembershipState]}>{name}</Tag> : <>-</>;
}
