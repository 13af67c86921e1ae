import { useState } from 'react';
import { Button, Space, Upload } from 'antd';
import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { membershipMessages, messages, uploadLimits } from '@portal/shared';
import { membershipAdminApi } from '../../../../api/membership-admin';
import { useCheckedUpload, type FileRule } from '../../../../components/FileUpload';

/** The server's paymentVoucher rule: a photo or scan of the transfer slip. */
const voucherRule: FileRule = {
  extensions: ['jpg', 'jpeg', 'png', 'pdf'],
  maxBytes: uploadLimits.attachment,
  typeMessage: membershipMessages.voucherType,
  sizeMessage: messages.attachmentTooLarge,
};

/** A payment's voucher (转账凭证) as a form control: its stored, private path. */
export function VoucherField({ id, value, onChange }: { id?: string; value?: string; onChange?: (path: string) => void }) {
  const [name, setName] = useState('');
  const { uploading, uploadProps } = useCheckedUpload(voucherRule, membershipAdminApi.uploadVoucher, (path, file) => {
    onChange?.(path);
    setName(file.name);
  });

  return (
    <Space id={id} wrap>
      <Upload {...uploadProps}>
        <Button icon={<UploadOutlined />} loading={uploading}>
          {value ? '重新上传' : '上传凭证'}
        </Button>
      </Upload>
      {value && (
        <span>
          <PaperClipOutlined /> {name || '已上传'}
          <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label="删除凭证" onClick={() => onChange?.('')} />
        </span>
      )}
    </Space>
  );
}
