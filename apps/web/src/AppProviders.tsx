import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { LayoutSize } from '@portal/shared';
import { theme } from './theme';

dayjs.locale('zh-cn');

/** The spec's layout sizes map onto antd's component sizes. */
const antdSize = { medium: 'large', small: 'medium', mini: 'small' } as const;

const SizeContext = createContext<{ size: LayoutSize; setSize: (s: LayoutSize) => void }>({ size: 'small', setSize: () => {} });
export const useLayoutSize = () => useContext(SizeContext);

const SIZE_KEY = 'layoutSize';
const DEFAULT_SIZE: LayoutSize = 'small';

/** The chosen size lives in localStorage; the server (and the hydrating render) use the default. */
const sizeListeners = new Set<() => void>();
const sizeStore = {
  subscribe(listener: () => void) {
    sizeListeners.add(listener);
    return () => sizeListeners.delete(listener);
  },
  read: () => (localStorage.getItem(SIZE_KEY) as LayoutSize | null) ?? DEFAULT_SIZE,
  server: () => DEFAULT_SIZE,
  write(size: LayoutSize) {
    localStorage.setItem(SIZE_KEY, size);
    sizeListeners.forEach((l) => l());
  },
};

/** antd in Chinese with the site theme, and the layout size selector's state (kept across reloads). */
export function AppProviders({ children }: { children: ReactNode }) {
  const size = useSyncExternalStore(sizeStore.subscribe, sizeStore.read, sizeStore.server);
  const value = useMemo(() => ({ size, setSize: sizeStore.write }), [size]);
  return (
    <SizeContext.Provider value={value}>
      <ConfigProvider locale={zhCN} theme={theme} componentSize={antdSize[size]}>
        <AntApp>{children}</AntApp>
      </ConfigProvider>
    </SizeContext.Provider>
  );
}
