import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { DISPLAY_COOKIE, defaultDisplay, displayFromCookies, serializeDisplay, type DisplayPrefs, type LayoutSize } from '@portal/shared';

interface DisplayState {
  prefs: DisplayPrefs;
  /** Changes some preferences: kept in the cookie the server draws pages by (a year). */
  update: (change: Partial<DisplayPrefs>) => void;
}

const DisplayContext = createContext<DisplayState>({ prefs: defaultDisplay, update: () => {} });

/** The visitor's look (尺寸 and 关怀模式): the same on the server and in the hydrating browser, both read from the cookie. */
export const useDisplay = () => useContext(DisplayContext);

/** The layout size selector's part of the look. */
export function useLayoutSize(): { size: LayoutSize; setSize: (size: LayoutSize) => void } {
  const { prefs, update } = useDisplay();
  return { size: prefs.size, setSize: (size) => update({ size }) };
}

/** The look the browser holds, from the same cookie the server read. */
export const browserDisplay = (): DisplayPrefs => displayFromCookies(document.cookie);

const YEAR_SECONDS = 365 * 24 * 3600;

/**
 * The look's state, starting from what the page was drawn with. antd's providers are not here:
 * they load with the parts drawn with antd (AntdScope).
 */
export function AppProviders({ display, children }: { display: DisplayPrefs; children: ReactNode }) {
  const [prefs, setPrefs] = useState(display);
  const update = useCallback((change: Partial<DisplayPrefs>) => {
    setPrefs((current) => {
      const next = { ...current, ...change };
      const value = serializeDisplay(next);
      document.cookie = value
        ? `${DISPLAY_COOKIE}=${value}; path=/; max-age=${YEAR_SECONDS}; SameSite=Lax`
        : `${DISPLAY_COOKIE}=; path=/; max-age=0; SameSite=Lax`;
      return next;
    });
  }, []);
  const value = useMemo(() => ({ prefs, update }), [prefs, update]);
  return <DisplayContext.Provider value={value}>{children}</DisplayContext.Provider>;
}
