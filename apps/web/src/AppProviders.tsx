import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
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

/** antd in Chinese with the site theme, and the layout size selector's state (kept across reloads). */
export function AppProviders({ children }: { children: ReactNode }) {
  const [size, setSizeState] = useState<LayoutSize>(() => (localStorage.getItem(SIZE_KEY) as LayoutSize | null) ?? 'small');
  const value = useMemo(
    () => ({
      size,
      setSize: (s: LayoutSize) => {
        localStorage.setItem(SIZE_KEY, s);
        setSizeState(s);
      },
    }),
    [size],
  );
  return (
    <SizeContext.Provider value={value}>
      <ConfigProvider locale={zhCN} theme={theme} componentSize={antdSize[size]}>
        <AntApp>{children}</AntApp>
      </ConfigProvider>
    </SizeContext.Provider>
  );
}
