import { createContext, useContext, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { storageKeys } from '@portal/shared';

/**
 * The HTTP status the server answered this page load with: 404 for unknown menus and articles
 * a visitor cannot open. The server renders with it (entry-server.tsx); the browser reads it
 * from `<meta name="page-status">` in the page the server sent (200 when absent, as under the
 * Vite dev server).
 */
export const PageStatusContext = createContext<number>(
  typeof document === 'undefined' ? 200 : Number(document.querySelector('meta[name="page-status"]')?.getAttribute('content') ?? 200),
);

/**
 * True while the visitor is on the page the server answered 404: the first history entry
 * (React Router's key 'default'), so a later navigation inside the app is not affected. A
 * member may be the author of an unpublished article, which the server cannot know (the session
 * lives in localStorage), so with a member session the article page asks the API itself, after
 * hydration (the server rendered the 404 page).
 */
export function useServerNotFound(): boolean {
  const status = useContext(PageStatusContext);
  const location = useLocation();
  const [memberMayOpen, setMemberMayOpen] = useState(false);
  const isArticle = location.pathname.toLowerCase() === '/info';
  useEffect(() => {
    setMemberMayOpen(isArticle && localStorage.getItem(storageKeys.memberToken) !== null);
  }, [isArticle]);
  return status === 404 && location.key === 'default' && !memberMayOpen;
}

/**
 * True while the visitor is on the page the server answered 503, the database being away (the
 * first history entry, as for 404): the layout draws the maintenance page instead of a page
 * whose data cannot be had.
 */
export function useServerUnavailable(): boolean {
  const status = useContext(PageStatusContext);
  const location = useLocation();
  return status === 503 && location.key === 'default';
}
