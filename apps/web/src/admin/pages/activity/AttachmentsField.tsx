import { useState } from 'react';
import { App, Button, Upload } from 'antd';
import { PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { ACTIVITY_MAX_ATTACHMENTS, messages, uploadLimits, type ActivityAttachment } from '@portal/shared';
import { contentAdminApi } from '../../../api/content-admin';

const extensions = ['docx', 'doc', 'xlsx', 'xls', 'pptx', 'ppt', 'pdf', 'rar', 'zip', 'txt'];
const assetBase: string = import.meta.env.VITE_ASSET_BASE_URL ?? '';

/** The activity's attachments as a form control: upload (the editor's file rules, spec §5), list, remove. */
export function AttachmentsField({ id, value = [], onChange }: { id?: string; value?: ActivityAttachment[]; onChange?: (next: ActivityAttachment[]) => void }) {
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);

  const add = async (file: File) => {
    const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!extensions.includes(extension)) return void message.error(messages.editorFileType);
    if (file.size > uploadLimits.editorFile) return void message.error(messages.editorFileTooLarge);
    setUploading(true);
    try {
      const path = await contentAdminApi.upload(file, 'file');
      onChange?.([...value, { Name: file.name, Path: path }]);
      void message.success(messages.uploadOk);
    } catch (error) {
      void message.error(error instanceof Error && error.message ? error.message : messages.uploadFailed);
    } finally {
      setUploading(false);
    }
  };

  return (
    <div id={id}>
      <Upload
        showUploadList={false}
        accept={extensions.map((e) => `.${e}`).join(',')}
        beforeUpload={(file) => {
          void add(file);
          return false;
        }}
        disabled={uploading || value.length >= ACTIVITY_MAX_ATTACHMENTS}
      >
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
