import { ApplyState } from '@portal/shared';
import { membersAdminApi } from '../../api/members-admin';
import { adminQueryKeys } from '../session/queries';
import { SearchSelect } from './SearchSelect';

/**
 * An admitted member, found by part of the company name or account, 20 at a time: whom dues are
 * recorded for (缴费记录), and whose values a mailing is previewed or test-sent with (会员通知).
 * Under the member pages' query key, so a refresh of the member list renews it.
 */
export function MemberSelect(props: { id?: string; value?: number; onChange?: (memberId: number | undefined) => void; allowClear?: boolean }) {
  return (
    <SearchSelect
      {...props}
      queryKey={[...adminQueryKeys.all, 'members']}
      search={(key) =>
        membersAdminApi
          .members({ applystate: ApplyState.Approved, key: key || undefined, pageindex: 1, pagesize: 20 })
          .then((page) => page.List.map((m) => ({ value: m.MemberId, label: `${m.MemberName}（${m.Account}）` })))
      }
      placeholder="输入公司名称或账号搜索"
      notFound="没有找到已入会的会员"
    />
  );
}
