import styles from './articleMark.module.css';

const marks = {
  top: { text: '置顶', tone: styles.red },
  member: { text: '会员', tone: styles.gold },
} as const;

/**
 * 置顶 / 会员 beside an article's title, drawn as antd's red and gold tags (filled; `outlined`
 * adds the border) with the theme's darker gold (theme.ts, WCAG AA).
 */
export function ArticleMark({ kind, outlined = false, className }: { kind: keyof typeof marks; outlined?: boolean; className?: string }) {
  const { text, tone } = marks[kind];
  return <span className={[styles.mark, tone, outlined && styles.outlined, className].filter(Boolean).join(' ')}>{text}</span>;
}
