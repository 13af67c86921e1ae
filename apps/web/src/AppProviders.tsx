import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { LayoutSize } from '@portal/shared';

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

/**
 * The layout size selector's state (kept across reloads). antd's providers are not here: they
 * load with the parts drawn with antd (AntdScope).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const size = useSyncExternalStore(sizeStore.subscribe, sizeStore.read, sizeStore.server);
  const value = useMemo(() => ({ size, setSize: sizeStore.write }), [size]);
  return (
    <SizeContext.Provider value={value}>{children}</SizeContext.Provider>
  );
}
