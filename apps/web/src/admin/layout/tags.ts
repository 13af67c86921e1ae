import { homePath, homeTitle, shellBase } from '../routes/menuTree';

/** A tab of a visited page (spec §2 "Top tabs per visited route"). */
export interface VisitedTag {
  path: string;
  title: string;
}

/** 工作台 is always the first tab and cannot be closed. */
export const homeTag: VisitedTag = { path: homePath, title: homeTitle };

/** The tabs with `tag` added once per path (a later visit keeps the tab where it is, with the newer title). */
export function withTag(tags: VisitedTag[], tag: VisitedTag): VisitedTag[] {
  const index = tags.findIndex((t) => t.path === tag.path);
  if (index < 0) return [...tags, tag];
  if (tags[index]!.title === tag.title) return tags;
  return tags.map((t, i) => (i === index ? tag : t));
}

/**
 * Closes the tab at `path`. Closing the active tab moves to the next tab, else the previous
 * (spec §2); `next` is where to go, or null when the active page stays.
 */
export function withoutTag(tags: readonly VisitedTag[], path: string, activePath: string): { tags: VisitedTag[]; next: string | null } {
  const index = tags.findIndex((t) => t.path === path);
  if (index < 0 || path === homeTag.path) return { tags: [...tags], next: null };
  const rest = tags.filter((_, i) => i !== index);
  if (path !== activePath) return { tags: rest, next: null };
  const neighbour = tags[index + 1] ?? tags[index - 1] ?? homeTag;
  return { tags: rest, next: neighbour.path };
}

/** The tab context menu's bulk closings (RuoYi's 关闭其他, 关闭右侧, 关闭全部). */
export type BulkClose = 'others' | 'right' | 'all';

/**
 * Closes tabs around the one at `path` (工作台 always stays). `next` is where to go when the
 * active page was among those closed: the tab the menu was opened on, or 工作台 after 关闭全部.
 */
export function closeTags(tags: readonly VisitedTag[], path: string, kind: BulkClose, activePath: string): { tags: VisitedTag[]; next: string | null } {
  const index = tags.findIndex((t) => t.path === path);
  const keep = (t: VisitedTag, i: number) => {
    if (t.path === homeTag.path) return true;
    if (kind === 'others') return i === index;
    if (kind === 'right') return i <= index;
    return false;
  };
  const rest = index < 0 ? [...tags] : tags.filter(keep);
  const next = rest.some((t) => t.path === activePath) ? null : (rest.find((t) => t.path === path) ?? homeTag).path;
  return { tags: rest, next };
}

/** Tabs restored from the session; home first whatever was stored. */
export function restoreTags(stored: string | null): VisitedTag[] {
  let parsed: unknown = null;
  try {
    parsed = stored ? JSON.parse(stored) : null;
  } catch {
    // A damaged entry starts the tabs over.
  }
  const tags = Array.isArray(parsed)
    ? parsed.filter((t): t is VisitedTag => typeof t?.path === 'string' && typeof t?.title === 'string' && t.path !== homeTag.path)
    : [];
  return [homeTag, ...tags];
}

/** The tab key of an address: the shell's path in lower case, without a trailing slash. */
export const tagPathOf = (pathname: string) => `${shellBase}${(pathname.slice(shellBase.length) || '/').toLowerCase().replace(/\/+$/, '')}`;
