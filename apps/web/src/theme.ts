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
  muted: '#6b7785',
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
    colorBorderSecondary: colors.border,
    borderRadius: 4,
    fontFamily: sansFamily,
  },
};
