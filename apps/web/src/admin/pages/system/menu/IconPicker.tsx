import { useState } from 'react';
import { Button, Input, Popover } from 'antd';
import { AppstoreAddOutlined, CloseCircleFilled } from '@ant-design/icons';
import { MenuIcon, menuIconNames } from '../../../layout/icons';
import styles from './menu.module.css';

/** Picks one of the sidebar's icons from a searchable grid; the value is the icon's name. */
export function IconPicker({ value = '', onChange }: { value?: string; onChange?: (name: string) => void }) {
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const shown = menuIconNames.filter((name) => name.toLowerCase().includes(filter.trim().toLowerCase()));
  const pick = (name: string) => {
    onChange?.(name);
    setOpen(false);
  };

  const grid = (
    <div className={styles.iconPanel}>
      <Input.Search placeholder="搜索图标名称" allowClear value={filter} onChange={(e) => setFilter(e.target.value)} />
      <div className={styles.iconGrid} role="listbox" aria-label="图标">
        {shown.map((name) => (
          <button
            key={name}
            type="button"
            role="option"
            aria-selected={name === value}
            title={name}
            className={name === value ? `${styles.iconCell} ${styles.iconCellActive}` : styles.iconCell}
            onClick={() => pick(name)}
          >
            <MenuIcon name={name} />
          </button>
        ))}
      </div>
    </div>
  );

  return (
    <Popover content={grid} trigger="click" open={open} onOpenChange={setOpen} placement="bottomLeft">
      <Input
        readOnly
        value={value}
        placeholder="点击选择图标"
        prefix={value ? <MenuIcon name={value} /> : <AppstoreAddOutlined />}
        suffix={
          value ? (
            <Button
              type="text"
              size="small"
              aria-label="清除图标"
              icon={<CloseCircleFilled />}
              onClick={(e) => {
                e.stopPropagation();
                onChange?.('');
              }}
            />
          ) : null
        }
        style={{ cursor: 'pointer' }}
      />
    </Popover>
  );
}
