import { Tag } from 'antd';
import { MessageState } from '@portal/shared';

const colors: Record<number, string> = {
  [MessageState.Waiting]: 'orange',
  [MessageState.Handling]: 'processing',
  [MessageState.Answered]: 'success',
  [MessageState.Declined]: 'default',
};

/** A message's state: 待受理, 办理中, 已答复, 不予受理. */
export function StateTag({ state, name }: { state: number; name: string }) {
  return <Tag color={colors[state]}>{name}</Tag>;
}
