import { Button, Upload } from 'antd';
import { PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { ACTIVITY_MAX_ATTACHMENTS, messages, uploadLimits, type ActivityAttachment } from '@portal/shared';
import { contentAdminApi } from '../../../api/content-admin';
import { useCheckedUpload, type FileRule } from '../../../components/FileUpload';

/** The server's editor-file rule (spec §5). */
const fileRule: FileRule = {
  extensions: ['docx', 'doc', 'xlsx', 'xls', 'pptx', 'ppt', 'pdf', 'rar', 'zip', 'txt'],
  maxBytes: uploadLimits.editorFile,
  typeMessage: messages.editorFileType,
  sizeMessage: messages.editorFileTooLarge,
};
const assetBase: string = import.meta.env.VITE_ASSET_BASE_URL ?? '';

/** The activity's attachments as a form control: upload (the editor's file rules, spec §5), list, remove. */
export function AttachmentsField({ id, value = [], onChange }: { id?: string; value?: ActivityAttachment[]; onChange?: (next: ActivityAttachment[]) => void }) {
  const { uploading, uploadProps } = useCheckedUpload(
    fileRule,
    (file) => contentAdminApi.upload(file, 'file'),
    (path, file) => onChange?.([...value, { Name: file.name, Path: path }]),
  );

  return (
    <div id={id}>
      <Upload {...uploadProps} disabled={uploading || value.length >= ACTIVITY_MAX_ATTACHMENTS}>
        <Button icon={<UploadOutlined />} loading={uploading} disabled={value.length >= ACTIVITY_MAX_ATTACHMENTS}>
          上传附件
        </Button>
      </Upload>
      <Upload
        fileList={value.map((a, i) => ({ uid: `${i}-${a.Path}`, name: a.Name, status: 'done', url: assetBase + a.Path }))}
        showUploadList={{ showRemoveIcon: true }}
        iconRender={() => <PaperClipOutlined />}
        onRemove={(file) => {
          onChange?.(value.filter((_, i) => `${i}-${value[i]!.Path}` !== file.uid));
          return false;
        }}
      />
    </div>
  );
}
