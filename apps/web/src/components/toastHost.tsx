import { ConfigProvider, message, notification } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { themeFor } from '../theme';
import { prefersReducedMotion } from './useReducedMotion';
import { toastTop } from './toast';

// Static toasts are drawn outside the app's tree: give them the site's theme and language, and
// the visitor's motion setting as it is when each toast is drawn.
ConfigProvider.config({
  holderRender: (children) => (
    <ConfigProvider locale={zhCN} theme={themeFor(prefersReducedMotion())}>
      {children}
    </ConfigProvider>
  ),
});

export function showToast(kind: 'success' | 'error' | 'warning', text: string, durationSeconds?: number): void {
  // Placed for this toast: clear of the header's entries wherever the page is scrolled (toastTop).
  message.config({ top: toastTop() });
  void message[kind]({ content: text, key: text, ...(durationSeconds === undefined ? {} : { duration: durationSeconds }) });
}

export function showNotification(text: string): void {
  notification.error({ key: text, title: '提示', description: text });
}

export function closeNotifications(): void {
  notification.destroy();
}
