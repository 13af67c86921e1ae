import { useCallback, useEffect, useState } from 'react';
import { closeTags, restoreTags, tagPathOf, withoutTag, withTag, type BulkClose, type VisitedTag } from './tags';

/** Tabs survive a page reload but not the browser session (spec §2 tags; sessionStorage). */
const storageKey = 'adminVisitedTags';

export function useVisitedTags(current: VisitedTag | null) {
  const [tags, setTags] = useState<VisitedTag[]>(() => restoreTags(sessionStorage.getItem(storageKey)));

  const path = current?.path;
  const title = current?.title;
  useEffect(() => {
    if (path && title) setTags((t) => withTag(t, { path, title }));
  }, [path, title]);

  useEffect(() => {
    sessionStorage.setItem(storageKey, JSON.stringify(tags));
  }, [tags]);

  /**
   * Closes a tab; answers the address to move to when it was the active one. The active page is
   * read from the address bar at the click: React Router renders a navigation as a transition,
   * so a click right after one (close a tab, then the next) can reach a callback that still
   * holds the page before it.
   */
  const close = useCallback(
    (closing: string): string | null => {
      const { tags: rest, next } = withoutTag(tags, closing, tagPathOf(window.location.pathname));
      setTags(rest);
      return next;
    },
    [tags],
  );

  /** The context menu's 关闭其他 / 关闭右侧 / 关闭全部 around the tab at `path`; answers where to go, as `close` does. */
  const closeMany = useCallback(
    (path: string, kind: BulkClose): string | null => {
      const { tags: rest, next } = closeTags(tags, path, kind, tagPathOf(window.location.pathname));
      setTags(rest);
      return next;
    },
    [tags],
  );

  return { tags, close, closeMany };
}

/** Forgets the tabs (logout): the next session starts with 工作台 alone. */
export const clearVisitedTags = () => sessionStorage.removeItem(storageKey);
