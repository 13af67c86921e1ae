import type { ReactNode } from 'react';
import { Button, Space } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Panel } from '../../../layout/Panel';
import styles from './form.module.css';

interface SubPageProps {
  title: ReactNode;
  onBack: () => void;
  /** The page's buttons, on the right (预览 and 保存, 导出 and 打印汇总). */
  actions: ReactNode;
  children: ReactNode;
}

/** A page that takes the list's place (the builder, the results): 返回列表, its title, its buttons, then itself. */
export function SubPage({ title, onBack, actions, children }: SubPageProps) {
  return (
    <Panel
      actions={
        <div className={styles.subPageBar}>
          <Button icon={<ArrowLeftOutlined />} onClick={onBack}>
            返回列表
          </Button>
          <h2 className={styles.subPageTitle}>{title}</h2>
          <Space wrap>{actions}</Space>
        </div>
      }
    >
      {children}
    </Panel>
  );
}
