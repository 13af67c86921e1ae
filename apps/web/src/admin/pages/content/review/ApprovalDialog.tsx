import { useState } from 'react';
import { createPortal } from 'react-dom';
import { Button, Grid, Modal, Space, Spin } from 'antd';
import { FileExcelOutlined, PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { dialogWidth } from '@portal/shared';
import { reviewApi } from '../../../../api/review';
import { Auth } from '../../../access/AdminSession';
import { ApprovalSheet } from './ApprovalSheet';
import { reviewKeys } from './keys';
import styles from './approval.module.css';

/**
 * 审批单 of one review, from 待我审核's review view and 文章管理's 审批记录: the sheet on screen,
 * 导出 (.xlsx, for holders of content:review:export) and 打印. The print copy is a second drawing
 * of the sheet straight under <body>, hidden on screen; the print style sheet hides everything
 * else, so the page prints the sheet alone on A4 (not the dialog, its mask or the back office).
 */
export function ApprovalDialog({ reviewId, onClose }: { reviewId: number | null; onClose: () => void }) {
  const open = reviewId !== null;
  const review = useQuery({ queryKey: reviewKeys.one(reviewId ?? 0), queryFn: () => reviewApi.review(reviewId!), enabled: open });
  const wide = Grid.useBreakpoint().md;
  const [exporting, setExporting] = useState(false);
  const printedAt = dayjs().format('YYYY-MM-DD HH:mm');
  const data = open ? review.data : undefined;

  const exportSheet = async () => {
    if (!data) return;
    setExporting(true);
    try {
      await reviewApi.exportReview(data.ReviewId);
    } catch {
      // Shown by the API client (导出地址获取错误…).
    } finally {
      setExporting(false);
    }
  };

  return (
    <Modal
      title="审批单"
      open={open}
      onCancel={onClose}
      width={wide ? dialogWidth.large : '100%'}
      destroyOnHidden
      footer={
        <Space wrap>
          <Button onClick={onClose}>关闭</Button>
          <Auth perm="content:review:export">
            <Button icon={<FileExcelOutlined />} loading={exporting} disabled={!data} onClick={() => void exportSheet()}>
              导出
            </Button>
          </Auth>
          <Button type="primary" icon={<PrinterOutlined />} disabled={!data} onClick={() => window.print()}>
            打印
          </Button>
        </Space>
      }
    >
      <div className={styles.paper}>{data ? <ApprovalSheet review={data} printedAt={printedAt} /> : <Spin />}</div>
      {data &&
        createPortal(
          <div className={styles.printCopy}>
            <ApprovalSheet review={data} printedAt={printedAt} />
          </div>,
          document.body,
        )}
    </Modal>
  );
}
