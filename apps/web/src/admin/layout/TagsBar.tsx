import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { Dropdown, type MenuProps } from 'antd';
import { CloseCircleOutlined, CloseOutlined, ColumnWidthOutlined, ReloadOutlined, VerticalLeftOutlined } from '@ant-design/icons';
import { homeTag, type BulkClose, type VisitedTag } from './tags';
import styles from './shell.module.css';

interface TagsBarProps {
  tags: VisitedTag[];
  activePath: string;
  /** Closes a tab; answers where to go when it was the active one. */
  onClose: (path: string) => string | null;
  /** 关闭其他 / 关闭右侧 / 关闭全部 around a tab; answers where to go when the active page was closed. */
  onCloseMany: (path: string, kind: BulkClose) => string | null;
  /** 刷新: loads the page shown afresh. */
  onRefresh: () => void;
}

/** The context menu of one tab, with what does not apply to it greyed out. */
function tabMenu(tags: VisitedTag[], index: number): MenuProps['items'] {
  const closable = (t: VisitedTag) => t.path !== homeTag.path;
  return [
    { key: 'refresh', icon: <ReloadOutlined />, label: '刷新' },
    { key: 'others', icon: <ColumnWidthOutlined />, label: '关闭其他', disabled: !tags.some((t, i) => i !== index && closable(t)) },
    { key: 'right', icon: <VerticalLeftOutlined />, label: '关闭右侧', disabled: !tags.slice(index + 1).some(closable) },
    { key: 'all', icon: <CloseCircleOutlined />, label: '关闭全部', disabled: !tags.some(closable) },
  ];
}

/**
 * Tabs of the visited pages (spec §2): click to go back to one; 工作台 stays. A right click
 * opens RuoYi's tab menu (刷新, 关闭其他, 关闭右侧, 关闭全部). The active tab is kept in view when
 * the row is wider than the screen.
 */
export function TagsBar({ tags, activePath, onClose, onCloseMany, onRefresh }: TagsBarProps) {
  const navigate = useNavigate();
  const bar = useRef<HTMLDivElement>(null);
  const go = (next: string | null) => next && navigate(next);

  // Scrolls only the tab row (scrollIntoView would move the whole page on a phone too); the row
  // is the tabs' offset parent (position: relative), so offsetLeft is measured from its start.
  useEffect(() => {
    const row = bar.current;
    const tab = row?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!row || !tab) return;
    const left = tab.offsetLeft;
    if (left < row.scrollLeft) row.scrollLeft = left - 12;
    else if (left + tab.offsetWidth > row.scrollLeft + row.clientWidth) row.scrollLeft = left + tab.offsetWidth - row.clientWidth + 12;
  }, [activePath, tags.length]);

  const onMenu = (tag: VisitedTag, key: string) => {
    if (key !== 'refresh') return go(onCloseMany(tag.path, key as BulkClose));
    if (tag.path !== activePath) navigate(tag.path);
    onRefresh();
  };

  return (
    <div ref={bar} className={styles.tags} role="tablist" aria-label="已打开的页面">
      {tags.map((tag, index) => {
        const active = tag.path === activePath;
        return (
          <Dropdown key={tag.path} trigger={['contextMenu']} menu={{ items: tabMenu(tags, index), onClick: ({ key }) => onMenu(tag, key) }}>
            <div
              role="tab"
              aria-selected={active}
              tabIndex={0}
              className={active ? `${styles.tag} ${styles.tagActive}` : styles.tag}
              onClick={() => navigate(tag.path)}
              onKeyDown={(e) => e.key === 'Enter' && navigate(tag.path)}
              onAuxClick={(e) => e.button === 1 && tag.path !== homeTag.path && go(onClose(tag.path))}
            >
              {tag.title}
              {tag.path !== homeTag.path && (
                <button
                  type="button"
                  className={styles.tagClose}
                  aria-label={`关闭${tag.title}`}
                  onClick={(e) => {
                    e.stopPropagation();
                    go(onClose(tag.path));
                  }}
                >
                  <CloseOutlined />
                </button>
              )}
            </div>
          </Dropdown>
        );
      })}
    </div>
  );
}
