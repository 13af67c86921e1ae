import type { ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useLayoutSize } from './AppProviders';
import { toastTop } from './components/toast';
import { useReducedMotion } from './components/useReducedMotion';
import { themeFor } from './theme';

dayjs.locale('zh-cn');

/** The spec's layout sizes map onto antd's component sizes. */
const antdSize = { medium: 'large', small: 'medium', mini: 'small' } as const;

/**
 * antd in Chinese with the site theme and the chosen layout size, around the parts drawn with
 * antd: the back office, the public pages not yet drawn without it, the member dialogs. It loads
 * with them (router.tsx, OnDemand), so a page drawn without antd does not download antd's core.
 *
 * `standalone`: a page outside the portal's shell (the back office, /login) keeps antd's App
 * element, which gives it antd's font size and line height; inside the shell the portal's own
 * text styles apply, and an extra element would only wrap the page.
 */
export function AntdScope({ standalone = false, children }: { standalone?: boolean; children: ReactNode }) {
  const { size } = useLayoutSize();
  const reducedMotion = useReducedMotion();
  return (
    <ConfigProvider locale={zhCN} theme={themeFor(reducedMotion)} componentSize={antdSize[size]}>
      {/* Public toasts (the member dialogs') sit below the header's member bar, never over the account it shows. */}
      <AntApp component={standalone ? 'div' : false} message={standalone ? undefined : { top: toastTop() }}>
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
