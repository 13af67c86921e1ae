import { useNavigate } from 'react-router';
import { CloseOutlined } from '@ant-design/icons';
import { homeTag, type VisitedTag } from './tags';
import styles from './shell.module.css';

interface TagsBarProps {
  tags: VisitedTag[];
  activePath: string;
  /** Closes a tab; answers where to go when it was the active one. */
  onClose: (path: string) => string | null;
}

/** Tabs of the visited pages (spec §2): click to go back to one; 工作台 stays. */
export function TagsBar({ tags, activePath, onClose }: TagsBarProps) {
  const navigate = useNavigate();
  const close = (path: string) => {
    const next = onClose(path);
    if (next) navigate(next);
  };
  return (
    <div className={styles.tags} role="tablist" aria-label="已打开的页面">
      {tags.map((tag) => {
        const active = tag.path === activePath;
        return (
          <div
            key={tag.path}
            role="tab"
            aria-selected={active}
            tabIndex={0}
            className={active ? `${styles.tag} ${styles.tagActive}` : styles.tag}
            onClick={() => navigate(tag.path)}
            onKeyDown={(e) => e.key === 'Enter' && navigate(tag.path)}
            onAuxClick={(e) => e.button === 1 && tag.path !== homeTag.path && close(tag.path)}
          >
            {tag.title}
            {tag.path !== homeTag.path && (
              <button
                type="button"
                className={styles.tagClose}
                aria-label={`关闭${tag.title}`}
                onClick={(e) => {
                  e.stopPropagation();
                  close(tag.path);
                }}
              >
                <CloseOutlined />
              </button>
            )}
          </div>
        );
      })}
    </div>
  );
}
