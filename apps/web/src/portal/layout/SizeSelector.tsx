import { useCallback, useState } from 'react';
import DownOutlined from '@ant-design/icons-svg/es/asn/DownOutlined';
import { layoutSizes, type LayoutSize } from '@portal/shared';
import { useLayoutSize } from '../../AppProviders';
import { Icon } from '../../components/Icon';
import { useOnePopupAtATime } from '../../components/onePopupAtATime';
import styles from './header.module.css';

const sizeLabels: Record<LayoutSize, string> = { medium: '中等', small: '较小', mini: '迷你' };

/**
 * The layout size selector of spec §2 "Header": medium, small, mini. A button opening the three
 * choices under it; they close when one is chosen, on Escape, when the focus leaves them, or
 * when another popup of the bar opens. The three sizes scale the public site's text (global.css).
 */
export function SizeSelector({ className }: { className?: string }) {
  const { size, setSize } = useLayoutSize();
  const [open, setOpen] = useState(false);
  useOnePopupAtATime(
    open,
    useCallback(() => setOpen(false), []),
  );
  return (
    <span
      className={styles.dropdown}
      onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && setOpen(false)}
    >
      {/* The name holds the visible text (WCAG 2.5.3), so speech users can say what they see. */}
      <button type="button" className={className} aria-label={`页面尺寸：${sizeLabels[size]}`} aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        尺寸：{sizeLabels[size]} <Icon icon={DownOutlined} style={{ fontSize: 10 }} />
      </button>
      {open && (
        <ul className={styles.sizeChoices}>
          {layoutSizes.map((s) => (
            <li key={s}>
              <button
                type="button"
                aria-pressed={s === size}
                onClick={() => {
                  setSize(s);
                  setOpen(false);
                }}
              >
                {sizeLabels[s]}
              </button>
            </li>
          ))}
        </ul>
      )}
    </span>
  );
}
