import { App, Popover, Typography } from 'antd';
import { mediaKinds, type MediaKind, type UploadDto } from '@portal/shared';
import { mediaApi, type MediaQuery } from '../../../../api/media';
import type { PageState } from '../../../../components/DataTable';
import { fileColumns } from '../../../../components/MediaLibrary';
import { ListPage, listResource, useListPage } from '../../../list';
import { adminQueryKeys } from '../../../session/queries';
import { useAction } from '../../../shared/useAction';
import { MediaUpload } from './MediaUpload';

type Filters = Omit<MediaQuery, keyof PageState>;

/** Where a file is used: how many places, the list of them on hover. */
function UsedBy({ places }: { places: readonly string[] }) {
  if (places.length === 0) return <Typography.Text type="secondary">未使用</Typography.Text>;
  const list = (
    <ul style={{ margin: 0, paddingLeft: 18, maxWidth: 320 }}>
      {places.map((place) => (
        <li key={place}>{place}</li>
      ))}
    </ul>
  );
  return (
    <Popover title="使用位置" content={list}>
      <Typography.Link>{places.length === 1 ? places[0] : `${places.length}处`}</Typography.Link>
    </Popover>
  );
}

const media = listResource<UploadDto, Filters>({
  key: [...adminQueryKeys.all, 'media'],
  fetch: mediaApi.uploads,
  rowKey: 'Id',
  search: [
    { kind: 'input', name: 'key', label: '文件名' },
    {
      kind: 'select',
      name: 'kind',
      label: '类型',
      options: (Object.keys(mediaKinds) as MediaKind[]).map((kind) => ({ label: mediaKinds[kind], value: kind })),
    },
    { kind: 'input', name: 'uploader', label: '上传者', placeholder: '账号或单位' },
    { kind: 'dateRange', name: 'days', label: '上传日期', names: ['start', 'end'] },
  ],
  columns: [
    ...fileColumns,
    { title: '上传者', dataIndex: 'Uploader', width: 130, ellipsis: true },
    { title: '上传时间', dataIndex: 'CreateTime', width: 170 },
    { title: '使用位置', dataIndex: 'UsedBy', width: 180, ellipsis: true, render: (places: string[]) => <UsedBy places={places} /> },
  ],
  actionsWidth: 150,
});

/**
 * 媒体库 (component content/media/index): the files uploaded for the site (never the private
 * membership papers), 上传 of a new one, where each is used, its address to copy, and deleting
 * what nothing uses.
 */
export default function MediaPage() {
  const { message } = App.useApp();
  const page = useListPage(media);
  const remove = useAction((file: UploadDto) => mediaApi.deleteUpload(file.Id), page.refresh);
  const copy = (file: UploadDto) =>
    navigator.clipboard.writeText(file.Url).then(
      () => void message.success('地址已复制'),
      () => void message.error('复制失败，请手动复制'),
    );
  return (
    <ListPage
      resource={media}
      page={page}
      toolbar={<MediaUpload onUploaded={page.refresh} />}
      rowActions={[
        { label: '复制地址', run: copy },
        {
          label: '删除',
          perm: 'content:media:delete',
          danger: true,
          disabled: (file) => file.UsedBy.length > 0,
          hint: (file) => (file.UsedBy.length > 0 ? `正在使用中，不能删除：${file.UsedBy.join('、')}` : undefined),
          confirm: (file) => `确定删除“${file.OriginalName}”吗？`,
          confirmDetail: '文件将从服务器上删除，不能恢复。',
          run: remove,
        },
      ]}
    />
  );
}
