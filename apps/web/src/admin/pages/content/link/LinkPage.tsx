import type { AdminFriendLinkDto } from '@portal/shared';
import { contentAdminApi, type LinkQuery } from '../../../../api/content-admin';
import type { PageState } from '../../../../components/DataTable';
import { ListPage, listResource } from '../../../list';
import { adminQueryKeys } from '../../../session/queries';
import { nameAndStatusSearch, orderedColumns } from '../../system/status';
import { LinkDialog } from './LinkDialog';

type Filters = Omit<LinkQuery, keyof PageState>;

const links = listResource<AdminFriendLinkDto, Filters>({
  key: [...adminQueryKeys.all, 'links'],
  fetch: contentAdminApi.links,
  rowKey: 'Id',
  search: nameAndStatusSearch('链接名称'),
  columns: [
    { title: '链接名称', dataIndex: 'Title' },
    {
      title: '链接地址',
      dataIndex: 'Friendlinks',
      ellipsis: true,
      render: (url: string) => (
        <a href={url} target="_blank" rel="noopener noreferrer">
          {url}
        </a>
      ),
    },
    ...orderedColumns<AdminFriendLinkDto>(),
  ],
  dialog: LinkDialog,
  add: { perm: 'content:link:add', label: '新增友情链接' },
  edit: { perm: 'content:link:edit' },
  remove: { perm: 'content:link:delete', question: (link) => `确定删除友情链接“${link.Title}”吗？`, run: (link) => contentAdminApi.deleteLink(link.Id) },
});

/** 友情链接 (component content/link/index): the footer's links. */
export default function LinkPage() {
  return <ListPage resource={links} />;
}
