import { useLocation } from 'react-router';
import { storageKeys } from '@portal/shared';

/**
 * The HTTP status the server answered this page load with (`<meta name="page-status">`, written
 * by the server from the data: 404 for unknown menus and articles a visitor cannot open). 200
 * when absent, as under the Vite dev server.
 */
const loadStatus = Number(document.querySelector('meta[name="page-status"]')?.getAttribute('content') ?? 200);

/**
 * True while the visitor is on the page the server answered 404: the first history entry
 * (React Router's key 'default'), so a later navigation inside the app is not affected. A
 * member may be the author of an unpublished article, which the server cannot know (the session
 * lives in localStorage), so with a member session the article page asks the API itself.
 */
export function useServerNotFound(): boolean {
  const location = useLocation();
  if (loadStatus !== 404 || location.key !== 'default') return false;
  const memberMayOpen = location.pathname.toLowerCase() === '/info' && localStorage.getItem(storageKeys.memberToken) !== null;
  return !memberMayOpen;
}
