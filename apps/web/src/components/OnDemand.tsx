import { lazy, Suspense, useState, type ReactNode } from 'react';

// Parts drawn with antd bring its providers along, loaded with the first such part.
const AntdScope = lazy(() => import('../AntdScope').then((m) => ({ default: m.AntdScope })));

/**
 * A part of a page drawn without antd that is itself drawn with antd (a dialog, a result table):
 * its lazily loaded code and antd's providers load when it is first drawn. The server draws
 * nothing in its place, and neither does the hydrating render.
 */
export function AntdPart({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <AntdScope>{children}</AntdScope>
    </Suspense>
  );
}

/**
 * Draws a lazily loaded dialog from the first time it opens: until then its code (forms, schemas,
 * upload, antd) is not downloaded, and the page's first render (server and hydration) holds nothing of
 * it. Once opened it stays mounted, so closing animates and the form keeps its state as before.
 */
export function OnDemand({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open ? <AntdPart>{children}</AntdPart> : null;
}
