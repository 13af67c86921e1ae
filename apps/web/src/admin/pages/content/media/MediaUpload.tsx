import { useState } from 'react';
import { App, Button, Tooltip } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { contentMessages, messages, type Permission } from '@portal/shared';
import { uploadPath } from '../../../../api/content-admin';
import { checkPicked, chooseFile, kindOfFile, pickerRules, sendFile, type PickerKind } from '../../../../components/RichTextEditor/upload';
import { useAuth } from '../../../access/AdminSession';

/** Those UploadFile admits (features/uploads/admin.ts): the editors of what holds pictures, files and media. */
const uploaders: readonly Permission[] = [
  'content:news:add',
  'content:news:edit',
  'content:banner:add',
  'content:banner:edit',
  'activity:add',
  'activity:edit',
  'member:add',
  'member:edit',
];

const kinds = Object.keys(pickerRules) as PickerKind[];

/**
 * 媒体库's 上传: one picture, file or audio/video, through the editor's own upload (the same
 * checks here and on the server, a progress figure on the button), then the list reloads.
 */
export function MediaUpload({ onUploaded }: { onUploaded: () => void }) {
  const { message } = App.useApp();
  const can = useAuth();
  const [percent, setPercent] = useState<number | null>(null);
  if (!uploaders.some(can)) return null;

  const upload = async () => {
    const file = await chooseFile(...kinds);
    if (!file) return;
    const kind = kindOfFile(file.name);
    const refusal = kind ? checkPicked(kind, file) : contentMessages.libraryFileType(kinds.flatMap((k) => pickerRules[k].extensions));
    if (!kind || refusal) return void message.error(refusal);
    setPercent(0);
    try {
      await sendFile({ url: `/api/${uploadPath}`, side: 'admin' }, file, file.name, kind, setPercent);
      void message.success(messages.uploadOk);
      onUploaded();
    } catch (error) {
      void message.error((error as Error).message || messages.uploadFailed);
    } finally {
      setPercent(null);
    }
  };

  // The upload sweep (features/uploads/sweep.ts) removes a file nothing names a day after its upload: say so before.
  return (
    <Tooltip title="上传后一天内未被文章、活动等使用的文件将被自动清理">
      <Button type="primary" icon={<UploadOutlined />} loading={percent !== null} onClick={() => void upload()}>
        {percent === null ? '上传' : `上传中 ${Math.floor(percent)}%`}
      </Button>
    </Tooltip>
  );
}
