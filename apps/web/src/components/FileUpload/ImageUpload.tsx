import { useState } from 'react';
import { App, Image, Upload } from 'antd';
import { DeleteOutlined, LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { messages, uploadLimits } from '@portal/shared';
import { contentAdminApi } from '../../api/content-admin';
import styles from './ImageUpload.module.css';

const imageTypes = ['image/jpeg', 'image/png'];

/** The refusal for a picture (spec §5: jpg/png/jpeg up to 900 KB), or null. */
function refuse(file: File): string | null {
  if (!imageTypes.includes(file.type)) return messages.imageType;
  if (file.size > uploadLimits.image) return messages.imageTooLarge;
  return null;
}

interface ImageUploadProps {
  id?: string;
  /** The stored picture's address ('/uploads/…' or http(s)). */
  value?: string;
  onChange?: (url: string) => void;
  disabled?: boolean;
  /** Stores a picture and resolves to its path; the back office's UploadFile by default. */
  upload?: (file: File) => Promise<string>;
}

const adminUpload = (file: File) => contentAdminApi.upload(file, 'image');

/** One picture as a form control (covers, banners): upload, preview, remove. */
export function ImageUpload({ id, value, onChange, disabled, upload: store = adminUpload }: ImageUploadProps) {
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);

  const upload = async (file: File) => {
    const refusal = refuse(file);
    if (refusal) {
      void message.error(refusal);
      return;
    }
    setUploading(true);
    try {
      onChange?.(await store(file));
      void message.success(messages.uploadOk);
    } catch {
      void message.error(messages.uploadFailed);
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className={styles.box} id={id}>
      {value && (
        <div className={styles.preview}>
          <Image src={value} alt="" width={104} height={104} style={{ objectFit: 'cover' }} />
          {!disabled && (
            <button type="button" className={styles.remove} onClick={() => onChange?.('')} aria-label="删除图片">
              <DeleteOutlined />
            </button>
          )}
        </div>
      )}
      <Upload
        accept=".jpg,.jpeg,.png"
        listType="picture-card"
        showUploadList={false}
        disabled={disabled || uploading}
        beforeUpload={(file) => {
          void upload(file);
          return false;
        }}
      >
        <div>
          {uploading ? <LoadingOutlined /> : <PlusOutlined />}
          <div style={{ marginTop: 8 }}>{value ? '更换图片' : '上传图片'}</div>
        </div>
      </Upload>
    </div>
  );
}
