import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { ApplyState } from '@portal/shared';
import { membersAdminApi } from '../../api/members-admin';
import { adminQueryKeys } from '../session/queries';

/**
 * An admitted member, found by part of the company name or account, 20 at a time: whom dues are
 * recorded for (缴费记录), and whose values a mailing is previewed or test-sent with (会员通知).
 */
export function MemberSelect({
  id,
  value,
  onChange,
  allowClear,
}: {
  id?: string;
  value?: number;
  onChange?: (memberId: number | undefined) => void;
  allowClear?: boolean;
}) {
  const [key, setKey] = useState('');
  const [search, setSearch] = useState('');
  // The search follows typing, asked once the typing pauses rather than at each keystroke.
  useEffect(() => {
    const timer = setTimeout(() => setSearch(key.trim()), 300);
    return () => clearTimeout(timer);
  }, [key]);
  const members = useQuery({
    queryKey: [...adminQueryKeys.all, 'members', 'pick', search],
    queryFn: () => membersAdminApi.members({ applystate: ApplyState.Approved, key: search || undefined, pageindex: 1, pagesize: 20 }),
    placeholderData: keepPreviousData,
  });
  const options = members.data?.List.map((m) => ({ value: m.MemberId, label: `${m.MemberName}（${m.Account}）` }));
  return (
    <Select<number>
      id={id}
      value={value}
      onChange={(memberId?: number) => onChange?.(memberId)}
      allowClear={allowClear}
      showSearch={{ filterOption: false, onSearch: setKey }}
      options={options}
      loading={members.isFetching}
      placeholder="输入公司名称或账号搜索"
      notFoundContent={members.isFetching ? '正在搜索…' : '没有找到已入会的会员'}
    />
  );
}
