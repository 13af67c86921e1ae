import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { ApplyState } from '@portal/shared';
import { membersAdminApi } from '../../../../api/members-admin';
import { membersKey } from '../keys';

/** A member to record dues for: admitted members found by part of the company name or account, 20 at a time. */
export function MemberSelect({ id, value, onChange }: { id?: string; value?: number; onChange?: (memberId: number) => void }) {
  const [key, setKey] = useState('');
  const [search, setSearch] = useState('');
  // The search follows typing, asked once the typing pauses rather than at each keystroke.
  useEffect(() => {
    const timer = setTimeout(() => setSearch(key.trim()), 300);
    return () => clearTimeout(timer);
  }, [key]);
  const members = useQuery({
    queryKey: [...membersKey, 'pick', search],
    queryFn: () => membersAdminApi.members({ applystate: ApplyState.Approved, key: search || undefined, pageindex: 1, pagesize: 20 }),
    placeholderData: keepPreviousData,
  });
  const options = members.data?.List.map((m) => ({ value: m.MemberId, label: `${m.MemberName}（${m.Account}）` }));
  return (
    <Select<number>
      id={id}
      value={value}
      onChange={onChange}
      showSearch={{ filterOption: false, onSearch: setKey }}
      options={options}
      loading={members.isFetching}
      placeholder="输入公司名称或账号搜索"
      notFoundContent={members.isFetching ? '正在搜索…' : '没有找到已入会的会员'}
    />
  );
}
