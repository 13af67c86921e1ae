import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Image, Modal, Skeleton, Space, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { certStatusNames, dialogWidth, ExamStatus, idTypeNames, type CertModelDto } from '@portal/shared';
import { certificatesAdminApi } from '../../../api/certificates-admin';
import { saveFile } from '../../../api/client';
import { useAuth } from '../../access/AdminSession';
import { certificateFileName, certificatesKey, ExamStatusTag, type CertPageSpec } from './certPages';
import styles from './certificates.module.css';

const dash = (text: string) => text || '-';

/** The record's certificate drawn by the server, with 下载 to save it. */
function CertificateImage({ record }: { record: CertModelDto }) {
  const image = useQuery({
    queryKey: [...certificatesKey, 'image', record._certId, record._updateTime],
    queryFn: () => certificatesAdminApi.image(record._certId),
    gcTime: 0,
  });
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    if (!image.data) return;
    const url = URL.createObjectURL(image.data);
    setSrc(url);
    return () => URL.revokeObjectURL(url);
  }, [image.data]);
  if (image.isError) return <Alert type="warning" showIcon title="证书图片加载失败" />;
  if (!src) return <Skeleton.Image active className={styles.imagePlaceholder} />;
  return (
    <Space orientation="vertical" size={8} className={styles.image}>
      <Image src={src} alt={`${record._name}的证书`} width="100%" />
      <Button icon={<DownloadOutlined />} onClick={() => image.data && saveFile(image.data, certificateFileName(record))}>
        下载证书
      </Button>
    </Space>
  );
}

/**
 * 查看 one record: everything stored (the ID number whole), the address its QR code opens and,
 * for a passed result with a certificate and an administrator who may download certificates,
 * the certificate itself.
 */
export function CertViewDialog({ page, certId, onClose }: { page: CertPageSpec; certId: number | null; onClose: () => void }) {
  const can = useAuth();
  const model = useQuery({
    queryKey: [...certificatesKey, 'model', page.view, certId],
    queryFn: () => certificatesAdminApi.model(certId!, page.view),
    enabled: certId !== null,
    gcTime: 0,
  });
  const record = certId !== null ? model.data : undefined;
  const hasCertificate = record !== undefined && record._examStatus === ExamStatus.Passed && record._certNum !== '';
  return (
    <Modal title="查看" open={certId !== null} width={dialogWidth.large} onCancel={onClose} footer={null} destroyOnHidden>
      {!record ? (
        <Skeleton active />
      ) : (
        <Space orientation="vertical" size={16} className={styles.image}>
          <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} className={styles.details}>
            <Descriptions.Item label="姓名">{record._name}</Descriptions.Item>
            <Descriptions.Item label="工作单位">{dash(record._company)}</Descriptions.Item>
            <Descriptions.Item label="证件类型">{idTypeNames[record._idType]}</Descriptions.Item>
            <Descriptions.Item label="证件号码">{record._idNum}</Descriptions.Item>
            <Descriptions.Item label="考试时间">{record._examTime}</Descriptions.Item>
            <Descriptions.Item label="考试结果">
              <ExamStatusTag status={record._examStatus} />
            </Descriptions.Item>
            <Descriptions.Item label="证书编号">{dash(record._certNum)}</Descriptions.Item>
            <Descriptions.Item label="发证日期">{dash(record._issueDate)}</Descriptions.Item>
            <Descriptions.Item label="状态">{certStatusNames[record._status]}</Descriptions.Item>
            <Descriptions.Item label="更新时间">{record._updateTime}</Descriptions.Item>
            <Descriptions.Item label="备注" span={2}>
              {dash(record._remarks)}
            </Descriptions.Item>
            {hasCertificate && (
              <Descriptions.Item label="验证地址" span={2}>
                <Typography.Link href={record._verifyUrl} target="_blank" rel="noopener" copyable className={styles.verifyUrl}>
                  {record._verifyUrl}
                </Typography.Link>
              </Descriptions.Item>
            )}
          </Descriptions>
          {hasCertificate && can('cert:download') && <CertificateImage record={record} />}
        </Space>
      )}
    </Modal>
  );
}
