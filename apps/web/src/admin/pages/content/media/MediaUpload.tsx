import { useState } from 'react';
import { App, Button } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { contentMessages, messages, uploaderPermissions } from '@portal/shared';
import { libraryUploadPath } from '../../../../api/media';
import { checkPicked, chooseFile, kindOfFile, pickerRules, sendFile, type PickerKind } from '../../../../components/RichTextEditor/upload';
import { useAuth } from '../../../access/AdminSession';

const kinds = Object.keys(pickerRules) as PickerKind[];

/**
 * 媒体库's 上传: one picture, file or audio/video, with the editor's checks (the same here and on
 * the server, a progress figure on the button), kept in the library until deleted there; then the
 * list reloads.
 */
export function MediaUpload({ onUploaded }: { onUploaded: () => void }) {
  const { message } = App.useApp();
  const can = useAuth();
  const [percent, setPercent] = useState<number | null>(null);
  if (!uploaderPermissions.some(can)) return null;

  const upload = async () => {
    const file = await chooseFile(...kinds);
    if (!file) return;
    const kind = kindOfFile(file.name);
    const refusal = kind ? checkPicked(kind, file) : contentMessages.libraryFileType(kinds.flatMap((k) => pickerRules[k].extensions));
    if (!kind || refusal) return void message.error(refusal);
    setPercent(0);
    try {
      await sendFile({ url: `/api/${libraryUploadPath}`, side: 'admin' }, file, file.name, kind, setPercent);
      void message.success(messages.uploadOk);
      onUploaded();
    } catch (error) {
      void message.error((error as Error).message || messages.uploadFailed);
    } finally {
      setPercent(null);
    }
  };

  return (
    <Button type="primary" icon={<UploadOutlined />} loading={percent !== null} onClick={() => void upload()}>
      {percent === null ? '上传' : `上传中 ${Math.floor(percent)}%`}
    </Button>
  );
}
