import { Alert, Tag } from 'antd';
import { Link } from 'react-router';
import { formatYuan, toFen, type MemberLevelTermsDto } from '@portal/shared';
import { membershipAdminApi } from '../../../../api/membership-admin';
import { useAuth } from '../../../access/AdminSession';
import { ListPage, listResource } from '../../../list';
import { shellBase } from '../../../routes/menuTree';
import { StatusTag } from '../../system/status';
import { duesKey, levelTermsKey } from '../membershipKeys';
import { DuesAccountCard } from './DuesAccountCard';
import { LevelTermsDialog } from './LevelTermsDialog';

const levels = listResource<MemberLevelTermsDto>({
  key: levelTermsKey,
  // A member's standing shows their level's fee: 登记缴费 starts from the new one.
  refreshes: [duesKey],
  // Every level at once: an association has a handful.
  fetch: async () => {
    const list = await membershipAdminApi.levelTerms();
    return { List: list, TotalCount: list.length };
  },
  rowKey: 'LevelId',
  columns: [
    { title: '等级', dataIndex: 'LevelName' },
    { title: '年费（元）', dataIndex: 'AnnualFee', align: 'right', render: (fee: number) => (fee ? formatYuan(toFen(fee)) : <Tag>不收会费</Tag>) },
    { title: '会籍期限', dataIndex: 'TermName' },
    { title: '宽限期（天）', dataIndex: 'GraceDays', align: 'right' },
    {
      title: '入会审核',
      dataIndex: 'NeedsApproval',
      render: (needs: boolean) => (needs ? <Tag color="processing">需审核</Tag> : <Tag color="success">免审核</Tag>),
    },
    { title: '会员数', dataIndex: 'MemberCount', align: 'right' },
    { title: '状态', dataIndex: 'Status', render: (status: number) => <StatusTag status={status} /> },
  ],
  dialog: LevelTermsDialog,
  edit: { perm: 'member:level:edit', label: '设置会费' },
  savedText: '会费标准已保存',
});

/** 会员等级 (component member/level/index): where dues are paid (收款账户), and each level's dues, term, grace period and whether applications are reviewed. */
export default function LevelTermsPage() {
  const can = useAuth();
  const types = can('content:type:list') ? <Link to={`${shellBase}/content/type`}>类型管理</Link> : '类型管理';
  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={<>会员等级本身在{types}（单位归类/会员等级）中新增、改名或停用；此处设置会员缴费的收款账户和各等级的会费标准。</>}
      />
      <DuesAccountCard />
      <ListPage resource={levels} />
    </>
  );
}
