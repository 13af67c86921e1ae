import { Tag, Tooltip } from 'antd';
import { MessageState, type MessageListItemDto } from '@portal/shared';

/** How long before its due time an open message is marked 即将到期: the deadline job's default warning (留言设置 WarnHours). */
const WARN_MS = 24 * 3_600_000;

/** yyyy-MM-dd HH:mm:ss in China Standard Time (docs/api.md "Everywhere") as an instant. */
const instantOf = (cst: string) => Date.parse(`${cst.replace(' ', 'T')}+08:00`);

export type DueState = 'overdue' | 'soon' | 'open' | 'done';

/** Where a message stands against its due time at `now`: the server's 超期, else due within a day, else open or settled. */
export function dueState(message: Pick<MessageListItemDto, 'DueTime' | 'Overdue' | 'State'>, now: number): DueState {
  if (message.Overdue) return 'overdue';
  const open = message.State === MessageState.Waiting || message.State === MessageState.Handling;
  if (!open) return 'done';
  return instantOf(message.DueTime) - now <= WARN_MS ? 'soon' : 'open';
}

/** 办理时限: the due time, with 即将到期 before it and 超期 after it (or when answered late). */
export function DueCell({ message }: { message: MessageListItemDto }) {
  const state = dueState(message, Date.now());
  return (
    <span>
      {message.DueTime.slice(0, 16)}
      {state === 'overdue' && (
        <Tooltip title={message.ReplyTime ? '答复晚于办理时限' : '已超过办理时限仍未答复'}>
          <Tag color="error" style={{ marginInlineStart: 6 }}>
            超期
          </Tag>
        </Tooltip>
      )}
      {state === 'soon' && (
        <Tag color="warning" style={{ marginInlineStart: 6 }}>
          即将到期
        </Tag>
      )}
    </span>
  );
}
