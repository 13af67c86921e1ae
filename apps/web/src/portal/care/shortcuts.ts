/**
 * Care mode's keyboard shortcuts (Alt+Shift+key, by the key's position so any keyboard layout
 * works), listed on the 无障碍声明 page from this one table.
 */
export const careShortcuts = [
  { code: 'KeyJ', key: 'J', action: 'toggle', label: '打开或关闭关怀版' },
  { code: 'Equal', key: '=', action: 'larger', label: '放大文字' },
  { code: 'Minus', key: '-', action: 'smaller', label: '缩小文字' },
  { code: 'KeyH', key: 'H', action: 'spacing', label: '切换行距' },
  { code: 'KeyC', key: 'C', action: 'scheme', label: '切换配色（标准、高对比、反色）' },
  { code: 'KeyM', key: 'M', action: 'cursor', label: '大鼠标指针' },
  { code: 'KeyL', key: 'L', action: 'guide', label: '阅读线' },
  { code: 'KeyR', key: 'R', action: 'read', label: '朗读所选文字或本页内容（再按停止）' },
  { code: 'KeyS', key: 'S', action: 'simple', label: '简约模式（无轮播、无动画、无弹窗）' },
  { code: 'Digit0', key: '0', action: 'reset', label: '恢复默认设置' },
] as const;

/** The navigation bar's keys (portal/layout/menubarKeys.ts), as the 无障碍声明 page lists them. */
export const menubarKeys = [
  { keys: ['Tab'], label: '进入栏目导航（整条导航只占一次 Tab），再按 Tab 离开' },
  { keys: ['←', '→'], label: '在一级栏目之间移动' },
  { keys: ['↓', 'Enter', '空格'], label: '打开所在栏目的下级栏目' },
  { keys: ['↑', '↓'], label: '在下级栏目之间移动；→ 打开第三级栏目，← 返回' },
  { keys: ['Home', 'End'], label: '移到第一个或最后一个栏目' },
  { keys: ['Esc'], label: '关闭下级栏目，回到所属栏目' },
] as const;

export type CareAction = (typeof careShortcuts)[number]['action'];

/** The action of a key press, if it is one of the shortcuts. */
export function shortcutAction(e: KeyboardEvent): CareAction | undefined {
  if (!e.altKey || !e.shiftKey || e.ctrlKey || e.metaKey) return undefined;
  return careShortcuts.find((s) => s.code === e.code)?.action;
}
