import { Tabs } from 'antd';
import { typeKinds, type AdminTypeItemDto, type SaveTypeBody } from '@portal/shared';
import { contentAdminApi, type TypeQuery } from '../../../../api/content-admin';
import type { PageState } from '../../../../components/DataTable';
import { deleteAction, editAction, ListPage, listResource, useListPage } from '../../../list';
import { adminQueryKeys } from '../../../session/queries';
import { useAction } from '../../../shared/useAction';
import { orderedColumns, statusOptions } from '../../system/status';
import { TypeDialog } from './TypeDialog';

type Kind = SaveTypeBody['Type'];
type Filters = Omit<TypeQuery, keyof PageState | 'type'>;

/** The three lists (spec §3): 1 单位归类, 2 会员等级, 3 其他. */
const kinds: { kind: Kind; label: string }[] = [
  { kind: typeKinds.companyType, label: '单位归类' },
  { kind: typeKinds.memberLevel, label: '会员等级' },
  { kind: typeKinds.third, label: '其他类型' },
];

const typeList = (kind: Kind, label: string) =>
  listResource<AdminTypeItemDto, Filters>({
    key: [...adminQueryKeys.all, 'types', kind],
    // The member forms' selects read these lists from the session cache.
    refreshes: [['lookup', 'typeList', kind]],
    fetch: (query) => contentAdminApi.types({ ...query, type: kind }),
    rowKey: 'Id',
    search: [
      { kind: 'input', name: 'key', label: '名称' },
      { kind: 'select', name: 'status', label: '状态', options: statusOptions },
    ],
    columns: [
      { title: '名称', dataIndex: 'Name' },
      ...orderedColumns<AdminTypeItemDto>(),
    ],
    add: { perm: 'content:type:add', label: `新增${label}` },
  });

const typeLists = new Map(kinds.map(({ kind, label }) => [kind, typeList(kind, label)]));

/** One list's items: search, add, edit, delete. */
function TypeList({ kind, label }: { kind: Kind; label: string }) {
  const resource = typeLists.get(kind) as ReturnType<typeof typeList>;
  const page = useListPage(resource);
  const remove = useAction((item: AdminTypeItemDto) => contentAdminApi.deleteType(item.Id), page.refresh);
  return (
    <ListPage resource={resource} page={page} rowActions={[editAction('content:type:edit', page.edit), deleteAction('content:type:delete', (item) => `确定删除“${item.Name}”吗？`, remove)]}>
      <TypeDialog type={kind} typeLabel={label} editing={page.editing} onClose={page.close} onSaved={page.saved} />
    </ListPage>
  );
}

/** 类型管理 (component content/type/index): a tab per lookup list. */
export default function TypePage() {
  return <Tabs items={kinds.map(({ kind, label }) => ({ key: String(kind), label, children: <TypeList kind={kind} label={label} /> }))} destroyOnHidden />;
}
