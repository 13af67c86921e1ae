import { Tag, Tooltip } from 'antd';
import type { MessageListItemDto } from '@portal/shared';

/**
 * 办理时限: the due time, with 即将到期 before it and 超期 after it (or when answered late), both as
 * the server reckons them: its clock, and 留言设置's warning hours that handlers cannot read.
 */
export function DueCell({ message }: { message: MessageListItemDto }) {
  return (
    <span>
      {message.DueTime.slice(0, 16)}
      {message.Overdue && (
        <Tooltip title={message.ReplyTime ? '答复晚于办理时限' : '已超过办理时限仍未答复'}>
          <Tag color="error" style={{ marginInlineStart: 6 }}>
            超期
          </Tag>
        </Tooltip>
      )}
      {message.DueSoon && (
        <Tag color="warning" style={{ marginInlineStart: 6 }}>
          即将到期
        </Tag>
      )}
    </span>
  );
}
