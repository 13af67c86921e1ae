import { useState } from 'react';
import { App } from 'antd';
import { messages } from '@portal/shared';

/** What a back-office file field accepts: the server's rule for its upload kind, repeated for quick feedback. */
export interface FileRule {
  extensions: readonly string[];
  maxBytes: number;
  typeMessage: string;
  sizeMessage: string;
}

/**
 * One file field's upload: the file checked against `rule`, stored by `store`, then
 * `onStored` with its path; 上传成功, or the server's refusal, as a message.
 */
export function useCheckedUpload(rule: FileRule, store: (file: File) => Promise<string>, onStored: (path: string, file: File) => void) {
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);
  const upload = async (file: File) => {
    if (!rule.extensions.includes(file.name.split('.').pop()?.toLowerCase() ?? '')) return void message.error(rule.typeMessage);
    if (file.size > rule.maxBytes) return void message.error(rule.sizeMessage);
    setUploading(true);
    try {
      onStored(await store(file), file);
      void message.success(messages.uploadOk);
    } catch (error) {
      void message.error(error instanceof Error && error.message ? error.message : messages.uploadFailed);
    } finally {
      setUploading(false);
    }
  };
  /** For an antd <Upload> that hands each chosen file here instead of posting it itself. */
  const uploadProps = {
    accept: rule.extensions.map((e) => `.${e}`).join(','),
    showUploadList: false,
    beforeUpload: (file: File) => {
      void upload(file);
      return false;
    },
  };
  return { uploading, uploadProps };
}
