import type { ThemeConfig } from 'antd';

/**
 * The association's colours: a deep institutional blue with a restrained red accent.
 * global.css repeats them as --c-* custom properties for the stylesheets; change both together.
 */
export const colors = {
  primary: '#0b4a8b',
  primaryDark: '#083866',
  /** Footer and utility bar: the darkest shade of the blue. */
  primaryDeep: '#062a4f',
  primaryLight: '#eaf1f9',
  accent: '#b8262c',
  text: '#1f2d3d',
  /** 5.3:1 on the page background, 5.7:1 on white (WCAG AA for body text). */
  muted: '#5c6775',
  border: '#e3e8ef',
  background: '#f4f6f9',
} as const;

/** Chinese sans for body text; the names of common Windows, macOS and Linux CJK faces. */
const sansFamily =
  '"PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "Source Han Sans SC", "WenQuanYi Micro Hei", -apple-system, "Segoe UI", Roboto, sans-serif';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: colors.primary,
    colorLink: colors.primary,
    colorError: colors.accent,
    colorText: colors.text,
    colorTextSecondary: colors.muted,
    // antd's own greys (breadcrumbs, empty states, counters, hints, placeholders) fall below the
    // 4.5:1 of WCAG 2.1 AA on white and on the page background; these keep them readable.
    colorTextDescription: colors.muted,
    colorTextTertiary: colors.muted,
    colorTextPlaceholder: '#6b7785',
    colorBorderSecondary: colors.border,
    borderRadius: 4,
    fontFamily: sansFamily,
  },
  components: {
    // Tag text is drawn in the 7th shade of its colour (or the status colour) on the 1st: green,
    // gold, orange, success and warning fall below 4.5:1 there. A darker shade, for tags only.
    Tag: { green7: '#237804', gold7: '#874d00', orange7: '#ad4e00', colorSuccess: '#237804', colorWarning: '#ad4e00' },
  },
};

/**
 * The theme for a visitor who asks for reduced motion (prefers-reduced-motion): antd does not
 * read that setting itself, so its dialogs, drawers, menus, pickers and toasts would still zoom,
 * slide and fade. With `motion` off they appear and go at once (WCAG 2.3.3).
 */
const stillTheme: ThemeConfig = { ...theme, token: { ...theme.token, motion: false } };

/** The site theme as the visitor's motion setting asks: still when they ask for reduced motion. */
export const themeFor = (reducedMotion: boolean): ThemeConfig => (reducedMotion ? stillTheme : theme);
