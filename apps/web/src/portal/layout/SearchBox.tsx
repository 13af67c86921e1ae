import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { App, Input } from 'antd';
import { messages } from '@portal/shared';

/** Header search (spec §2 "Header"): trimmed; empty warns 请输入关键词, otherwise opens searchKey. */
export function SearchBox() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { message } = App.useApp();
  const [text, setText] = useState(() => params.get('key') ?? '');

  const search = (value: string) => {
    const key = value.trim();
    if (!key) {
      void message.warning(messages.keywordRequired);
      return;
    }
    setText(key);
    void navigate(`/searchKey?key=${encodeURIComponent(key)}`);
  };

  return (
    <Input.Search
      value={text}
      onChange={(e) => setText(e.target.value)}
      onSearch={search}
      placeholder="请输入关键词"
      aria-label="站内搜索"
      enterButton="搜索"
      maxLength={50}
      allowClear
    />
  );
}
