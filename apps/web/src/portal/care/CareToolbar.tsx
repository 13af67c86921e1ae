import { useEffect } from 'react';
import { PageLink } from '../layout';
import { careTextSizes, type CareScheme, type CareSpacing } from '@portal/shared';
import { ReadingGuide } from './ReadingGuide';
import { shortcutAction } from './shortcuts';
import { useCare } from './useCare';
import styles from './care.module.css';

const spacingNames: Record<CareSpacing, string> = { normal: '标准', wide: '较宽', wider: '最宽' };
const schemeNames: Record<CareScheme, string> = { default: '标准配色', contrast: '高对比', invert: '反色' };

/**
 * 关怀版's toolbar above the header (MIIT 2021 适老化): text size in five steps to 200 %, line
 * spacing, high-contrast and inverted colours, a large pointer, a reading line, read-aloud, the
 * simple view, reset and leave; every control a button with its state (aria-pressed), and the
 * shortcuts of shortcuts.ts while it is shown (Alt+Shift+J, which turns it on, here turns it off). What happened is said in a live region.
 */
export function CareToolbar() {
  const { prefs, update, run, note, reading } = useCare();

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const action = shortcutAction(e);
      if (!action) return;
      e.preventDefault();
      run(action);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [run]);

  const smallest = prefs.text === careTextSizes[0];
  const largest = prefs.text === careTextSizes[careTextSizes.length - 1];
  return (
    <div className={styles.toolbar} role="region" aria-label="关怀版工具栏">
      <div className={styles.inner}>
        <span className={styles.group} role="group" aria-label="文字大小">
          <button type="button" onClick={() => run('smaller')} disabled={smallest}>
            A- 缩小
          </button>
          <span className={styles.value}>{prefs.text}%</span>
          <button type="button" onClick={() => run('larger')} disabled={largest}>
            A+ 放大
          </button>
        </span>
        <button type="button" onClick={() => run('spacing')}>
          行距：{spacingNames[prefs.spacing]}
        </button>
        <span className={styles.group} role="group" aria-label="配色">
          {(Object.keys(schemeNames) as CareScheme[]).map((scheme) => (
            <button key={scheme} type="button" aria-pressed={prefs.scheme === scheme} onClick={() => update({ scheme })}>
              {schemeNames[scheme]}
            </button>
          ))}
        </span>
        <button type="button" aria-pressed={prefs.cursor} onClick={() => run('cursor')}>
          大鼠标
        </button>
        <button type="button" aria-pressed={prefs.guide} onClick={() => run('guide')}>
          阅读线
        </button>
        <button type="button" aria-pressed={reading} onClick={() => run('read')}>
          {reading ? '停止朗读' : '朗读'}
        </button>
        <button type="button" aria-pressed={prefs.simple} onClick={() => run('simple')}>
          简约模式
        </button>
        <button type="button" onClick={() => run('reset')}>
          重置
        </button>
        <PageLink to="/accessibility" className={styles.link}>
          无障碍声明
        </PageLink>
        <button type="button" className={styles.leave} onClick={() => run('toggle')}>
          退出关怀版
        </button>
        <span className={styles.note} role="status">
          {note}
        </span>
      </div>
      {prefs.guide && <ReadingGuide />}
    </div>
  );
}
