import { useEffect } from 'react';
import { shortcutAction } from './shortcuts';
import { useCare } from './useCare';

/**
 * The header's 关怀版 entry, while care mode is off (its toolbar then offers 退出关怀版): turns it
 * on, also by Alt+Shift+J anywhere on the public site.
 */
export function CareEntry({ className }: { className?: string }) {
  const { prefs, run } = useCare();
  useEffect(() => {
    if (prefs.care) return;
    const onKey = (e: KeyboardEvent) => {
      if (shortcutAction(e) !== 'toggle') return;
      e.preventDefault();
      run('toggle');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [run, prefs.care]);
  if (prefs.care) return null;
  return (
    <button type="button" className={className} onClick={() => run('toggle')}>
      关怀版
    </button>
  );
}
