import { Image, Tag, Typography, type TableColumnsType } from 'antd';
import { FileOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { mediaKinds, type MediaKind, type UploadDto } from '@portal/shared';

const KB = 1024;
const MB = 1024 * KB;

/** A file's size as people read it: 812 KB, 3.4 MB. */
export function formatSize(bytes: number): string {
  if (bytes >= MB) return `${(bytes / MB).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / KB))} KB`;
}

const kindColors: Record<MediaKind, string> = { image: 'blue', file: 'gold', media: 'purple' };

/** A picture's thumbnail, or the icon of a document or audio/video file. */
function Preview({ file }: { file: UploadDto }) {
  if (file.ThumbUrl)
    return <Image src={file.ThumbUrl} preview={{ src: file.Url }} alt="" width={64} height={48} style={{ objectFit: 'cover', borderRadius: 4 }} />;
  const Icon = file.Kind === 'media' ? PlayCircleOutlined : FileOutlined;
  return <Icon style={{ fontSize: 28, color: '#8c8c8c', display: 'block', width: 64, textAlign: 'center' }} aria-label={mediaKinds[file.Kind]} />;
}

/** The columns the 媒体库 page and the editor's 从媒体库选择 both show: preview, name, type, size. */
export const fileColumns: TableColumnsType<UploadDto> = [
  { title: '预览', key: 'preview', width: 88, render: (_, file) => <Preview file={file} /> },
  {
    title: '文件名',
    dataIndex: 'OriginalName',
    ellipsis: true,
    render: (name: string) => (
      <Typography.Text ellipsis={{ tooltip: name }} style={{ maxWidth: '100%' }}>
        {name}
      </Typography.Text>
    ),
  },
  { title: '类型', dataIndex: 'Kind', width: 90, render: (kind: MediaKind) => <Tag color={kindColors[kind]}>{mediaKinds[kind]}</Tag> },
  { title: '大小', dataIndex: 'Size', width: 100, render: (size: number) => formatSize(size) },
];
