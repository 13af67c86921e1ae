import { useState } from 'react';
import { Form, Input } from 'antd';

interface LinesInputProps {
  label: string;
  value: string[];
  onChange: (lines: string[]) => void;
}

const clean = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * A list of short texts (options, a matrix's rows or columns), one a line. While typed, the
 * lines go to the field as they are (a new empty line must survive the keystroke that made
 * it); on leaving the box they are trimmed and empty ones dropped, so the list shown is the
 * list saved. A line edited in place keeps its position, so conditions on it follow (changeField).
 */
export function LinesInput({ label, value, onChange }: LinesInputProps) {
  const [text, setText] = useState<string | null>(null);
  return (
    <Form.Item label={label} extra={`每行一个，共${clean(text ?? value.join('\n')).length}个`}>
      <Input.TextArea
        aria-label={label}
        value={text ?? value.join('\n')}
        autoSize={{ minRows: 2, maxRows: 10 }}
        onChange={(e) => {
          setText(e.target.value);
          onChange(e.target.value.split('\n'));
        }}
        onBlur={() => {
          if (text !== null) onChange(clean(text));
          setText(null);
        }}
      />
    </Form.Item>
  );
}
