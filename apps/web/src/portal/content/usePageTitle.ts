import { useEffect } from 'react';
import { useSiteInfo } from '../layout/useSiteInfo';

/**
 * Keeps the document title in step with the page shown (article title · site name), as the
 * server wrote it into the first page's head; without this, navigating inside the app would
 * keep the first page's title. '' is the site name alone (home); undefined waits for the data.
 */
export function usePageTitle(title: string | undefined): void {
  const site = useSiteInfo().data?.Name;
  useEffect(() => {
    if (!site || title === undefined) return;
    document.title = title ? `${title} · ${site}` : site;
  }, [title, site]);
}
