import { Form, Input, type FormRule } from 'antd';
import { trimmed } from './normalize';

interface TextItemProps {
  name: string;
  label: string;
  rules: FormRule[];
  maxLength: number;
  /** Absent: 请输入{label}. */
  placeholder?: string;
  /** A text of several lines (主营业务, 备注): the box grows from two lines to this many. */
  maxRows?: number;
  /** Shows how much of maxLength is used (a title). */
  showCount?: boolean;
}

/** A text field of a record's form (会员, 考试成绩, 文章, 活动, 轮播图, 友情链接, 类型): what is typed is trimmed, and as long as the server takes. */
export function TextItem({ name, label, rules, maxLength, placeholder = `请输入${label}`, maxRows, showCount }: TextItemProps) {
  return (
    <Form.Item name={name} label={label} normalize={trimmed} rules={rules}>
      {maxRows ? (
        <Input.TextArea placeholder={placeholder} maxLength={maxLength} autoSize={{ minRows: 2, maxRows }} />
      ) : (
        <Input placeholder={placeholder} maxLength={maxLength} showCount={showCount} />
      )}
    </Form.Item>
  );
}
