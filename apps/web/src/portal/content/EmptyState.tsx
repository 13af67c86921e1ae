import type { ReactNode } from 'react';
import { Empty } from 'antd';
import { messages } from '@portal/shared';
import styles from './content.module.css';

/** 暂无数据 (spec §2), or another description, centred in the content area. */
export function EmptyState({ description = messages.empty }: { description?: ReactNode }) {
  return (
    <div className={styles.empty}>
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description} />
    </div>
  );
}
