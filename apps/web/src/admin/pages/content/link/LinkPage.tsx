import type { AdminFriendLinkDto } from '@portal/shared';
import { contentAdminApi, type LinkQuery } from '../../../../api/content-admin';
import type { PageState } from '../../../../components/DataTable';
import { deleteAction, editAction, ListPage, listResource, useListPage } from '../../../list';
import { adminQueryKeys } from '../../../session/queries';
import { useAction } from '../../../shared/useAction';
import { orderedColumns, statusOptions } from '../../system/status';
import { LinkDialog } from './LinkDialog';

type Filters = Omit<LinkQuery, keyof PageState>;

const links = listResource<AdminFriendLinkDto, Filters>({
  key: [...adminQueryKeys.all, 'links'],
  fetch: contentAdminApi.links,
  rowKey: 'Id',
  search: [
    { kind: 'input', name: 'key', label: '链接名称' },
    { kind: 'select', name: 'status', label: '状态', options: statusOptions },
  ],
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
  add: { perm: 'content:link:add', label: '新增友情链接' },
});

/** 友情链接 (component content/link/index): the footer's links. */
export default function LinkPage() {
  const page = useListPage(links);
  const remove = useAction((link: AdminFriendLinkDto) => contentAdminApi.deleteLink(link.Id), page.refresh);
  return (
    <ListPage
      resource={links}
      page={page}
      rowActions={[editAction('content:link:edit', page.edit), deleteAction('content:link:delete', (link) => `确定删除友情链接“${link.Title}”吗？`, remove)]}
    >
      <LinkDialog editing={page.editing} onClose={page.close} onSaved={page.saved} />
    </ListPage>
  );
}
