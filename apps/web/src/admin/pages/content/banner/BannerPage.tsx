import { Image } from 'antd';
import { bannerTypeName, type AdminBannerDto } from '@portal/shared';
import { contentAdminApi, type BannerQuery } from '../../../../api/content-admin';
import type { PageState } from '../../../../components/DataTable';
import { ListPage, listResource } from '../../../list';
import { adminQueryKeys } from '../../../session/queries';
import { nameAndStatusSearch, orderedColumns } from '../../system/status';
import { BannerDialog } from './BannerDialog';

type Filters = Omit<BannerQuery, keyof PageState>;

const banners = listResource<AdminBannerDto, Filters>({
  key: [...adminQueryKeys.all, 'banners'],
  fetch: contentAdminApi.banners,
  rowKey: 'Id',
  search: nameAndStatusSearch('标题'),
  columns: [
    {
      title: '图片',
      dataIndex: 'ImageUrl',
      width: 140,
      render: (url: string) => <Image src={url} alt="" width={120} height={60} style={{ objectFit: 'cover' }} />,
    },
    { title: '标题', dataIndex: 'Title', render: (title: string) => title || '-' },
    { title: '类型', dataIndex: 'Type', width: 110, render: (type: number) => bannerTypeName(type) },
    { title: '跳转地址', dataIndex: 'JumpUrl', ellipsis: true, render: (url: string) => url || '-' },
    ...orderedColumns<AdminBannerDto>(),
  ],
  dialog: BannerDialog,
  add: { perm: 'content:banner:add', label: '新增轮播图' },
  edit: { perm: 'content:banner:edit' },
  remove: { perm: 'content:banner:delete', question: (b) => `确定删除轮播图“${b.Title || b.Id}”吗？`, run: (b) => contentAdminApi.deleteBanner(b.Id) },
});

/** 轮播图管理 (component content/banner/index): the home carousel's slides. */
export default function BannerPage() {
  return <ListPage resource={banners} />;
}
