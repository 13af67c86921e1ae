import { Image } from 'antd';
import { bannerTypeName, type AdminBannerDto } from '@portal/shared';
import { contentAdminApi, type BannerQuery } from '../../../../api/content-admin';
import type { PageState } from '../../../../components/DataTable';
import { deleteAction, editAction, ListPage, listResource, useListPage } from '../../../list';
import { adminQueryKeys } from '../../../session/queries';
import { useAction } from '../../../shared/useAction';
import { orderedColumns, statusOptions } from '../../system/status';
import { BannerDialog } from './BannerDialog';

type Filters = Omit<BannerQuery, keyof PageState>;

const banners = listResource<AdminBannerDto, Filters>({
  key: [...adminQueryKeys.all, 'banners'],
  fetch: contentAdminApi.banners,
  rowKey: 'Id',
  search: [
    { kind: 'input', name: 'key', label: '标题' },
    { kind: 'select', name: 'status', label: '状态', options: statusOptions },
  ],
  columns: [
    { title: '图片', dataIndex: 'ImageUrl', width: 140, render: (url: string) => <Image src={url} alt="" width={120} height={60} style={{ objectFit: 'cover' }} /> },
    { title: '标题', dataIndex: 'Title', render: (title: string) => title || '-' },
    { title: '类型', dataIndex: 'Type', width: 110, render: (type: number) => bannerTypeName(type) },
    { title: '跳转地址', dataIndex: 'JumpUrl', ellipsis: true, render: (url: string) => url || '-' },
    ...orderedColumns<AdminBannerDto>(),
  ],
  add: { perm: 'content:banner:add', label: '新增轮播图' },
});

/** 轮播图管理 (component content/banner/index): the home carousel's slides. */
export default function BannerPage() {
  const page = useListPage(banners);
  const remove = useAction((banner: AdminBannerDto) => contentAdminApi.deleteBanner(banner.Id), page.refresh);
  return (
    <ListPage
      resource={banners}
      page={page}
      rowActions={[
        editAction('content:banner:edit', page.edit),
        deleteAction('content:banner:delete', (b) => `确定删除轮播图“${b.Title || b.Id}”吗？`, remove),
      ]}
    >
      <BannerDialog editing={page.editing} onClose={page.close} onSaved={page.saved} />
    </ListPage>
  );
}
