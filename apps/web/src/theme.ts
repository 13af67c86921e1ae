import type { ThemeConfig } from 'antd';

/** The association's colours: a deep institutional blue with a restrained red accent. */
export const colors = {
  primary: '#0b4a8b',
  primaryDark: '#083866',
  accent: '#b8262c',
  text: '#1f2d3d',
  muted: '#6b7785',
  border: '#e3e8ef',
  background: '#f4f6f9',
} as const;

export const theme: ThemeConfig = {
  token: {
    colorPrimary: colors.primary,
    colorLink: colors.primary,
    colorText: colors.text,
    borderRadius: 4,
    fontFamily:
      '"PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "Source Han Sans SC", "WenQuanYi Micro Hei", -apple-system, "Segoe UI", Roboto, sans-serif',
  },
};
