import { Suspense, useState, type ReactNode } from 'react';

/**
 * Draws a lazily loaded dialog from the first time it opens: until then its code (forms, schemas,
 * upload) is not downloaded, and the page's first render (server and hydration) holds nothing of
 * it. Once opened it stays mounted, so closing animates and the form keeps its state as before.
 */
export function OnDemand({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open ? <Suspense fallback={null}>{children}</Suspense> : null;
}
