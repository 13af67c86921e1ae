import { Tabs } from 'antd';
import { typeKinds, type AdminTypeItemDto, type SaveTypeBody } from '@portal/shared';
import { contentAdminApi, type TypeQuery } from '../../../../api/content-admin';
import type { PageState } from '../../../../components/DataTable';
import { ListPage, listResource } from '../../../list';
import { adminQueryKeys } from '../../../session/queries';
import { nameAndStatusSearch, orderedColumns } from '../../system/status';
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
    search: nameAndStatusSearch('名称'),
    columns: [{ title: '名称', dataIndex: 'Name' }, ...orderedColumns<AdminTypeItemDto>()],
    dialog: (props) => <TypeDialog type={kind} typeLabel={label} {...props} />,
    add: { perm: 'content:type:add', label: `新增${label}` },
    edit: { perm: 'content:type:edit' },
    remove: { perm: 'content:type:delete', question: (item) => `确定删除“${item.Name}”吗？`, run: (item) => contentAdminApi.deleteType(item.Id) },
  });

/** Each list's items, searched, added, edited and deleted; made once, so their dialogs keep their identity. */
const tabs = kinds.map(({ kind, label }) => ({ key: String(kind), label, children: <ListPage resource={typeList(kind, label)} /> }));

/** 类型管理 (component content/type/index): a tab per lookup list. */
export default function TypePage() {
  return <Tabs items={tabs} destroyOnHidden />;
}
