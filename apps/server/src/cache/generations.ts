import type { Database } from '../db/connection.js';

/**
 * The public site's content in areas, and within an area the things a page can be drawn from
 * (tags). What was computed from some of them (a cached answer, a kept page, a kept menu tree)
 * is current while none of them has changed since it was computed; a write makes it stale at
 * once. Changes are numbered per database, in this process; other instances learn of a change
 * through the fan-out (cache/fanout.ts) and number it among their own, so the numbers differ
 * between instances but each instance sees every change.
 */
export const contentAreas = ['menus', 'news', 'positions', 'banners', 'links', 'lookups', 'site', 'messages'] as const;
export type ContentArea = (typeof contentAreas)[number];

/**
 * What an answer depends on, or what a write changed: a whole area (`news`: anything in it), or
 * one thing in an area, `<area>:<name>`. The news area's things (features/articles/reach.ts):
 * `news:<id>` an article (its own answer, and those showing it as a neighbour), `news:menu-<id>`
 * a menu's list, `news:latest` the lists across menus (the latest articles, the home page's
 * positions), `news:withdrawal` a write that took an article away from visitors (nothing
 * depends on it; see WITHDRAWING in response-cache.ts). A change of a thing is a change in its
 * area, and a change of a whole area is a change of every thing in it.
 */
export type ContentTag = ContentArea | `${ContentArea}:${string}`;

/** How a tag reads on the fan-out's wire: an area, or an area and a name of letters, digits and dashes. */
const TAG = new RegExp(`^(?:${contentAreas.join('|')})(?::[a-z0-9-]{1,64})?$`);
export const isContentTag = (text: string): text is ContentTag => TAG.test(text);

/** The area a tag belongs to. */
export const areaOf = (tag: ContentTag): ContentArea => tag.split(':', 1)[0] as ContentArea;

type Listener = (database: Database) => void;
type Publisher = (tags: readonly ContentTag[]) => void;

/**
 * One database's changes as this process knows them: how many there were, and for each tag
 * and area the number of the last that touched it. An area's own entry is its last change of
 * any kind; `<area>:*` its last change as a whole (which every thing in it shares).
 */
interface Changes {
  count: number;
  last: Map<string, number>;
  watchers: Set<(mark: number) => void>;
}

const changes = new WeakMap<Database, Changes>();
const listeners = new Map<ContentArea, Listener[]>(contentAreas.map((a) => [a, []]));
const publishers = new WeakMap<Database, Set<Publisher>>();

function changesOf(database: Database): Changes {
  let known = changes.get(database);
  if (!known) changes.set(database, (known = { count: 0, last: new Map(), watchers: new Set() }));
  return known;
}

/** The number of the last change of this database's content: what a computation starting now is current as of. */
export function changeMark(database: Database): number {
  return changesOf(database).count;
}

/** Whether any of the tags (or their areas as a whole) changed after the change numbered `mark`. */
export function changedSince(database: Database, tags: readonly ContentTag[], mark: number): boolean {
  const { count, last } = changesOf(database);
  if (count === mark) return false;
  for (const tag of tags) {
    if ((last.get(tag) ?? 0) > mark) return true;
    if (tag.includes(':') && (last.get(`${areaOf(tag)}:*`) ?? 0) > mark) return true;
  }
  return false;
}

/** Numbers a change here and runs its areas' listeners: what both a local write and a remote notice do. */
export function applyContentChange(database: Database, tags: readonly ContentTag[]): void {
  const known = changesOf(database);
  const mark = ++known.count;
  const areas = new Set<ContentArea>();
  for (const tag of tags) {
    const area = areaOf(tag);
    known.last.set(tag, mark);
    // A whole area changed: every thing in it did (changedSince reads `<area>:*` for them).
    if (tag === area) known.last.set(`${area}:*`, mark);
    else known.last.set(area, mark);
    areas.add(area);
  }
  for (const watch of known.watchers) watch(mark);
  for (const area of areas) for (const listener of listeners.get(area) ?? []) listener(database);
}

/**
 * Call after a write has been committed, with what it changed: cached answers depending on it
 * are stale from here on, and every other instance is told (cache/fanout.ts). Name the things
 * a write changed when it knows them (an article save: features/articles/reach.ts); an area alone
 * makes everything drawn from it stale.
 */
export function contentChanged(database: Database, ...tags: ContentTag[]): void {
  applyContentChange(database, tags);
  for (const publish of publishers.get(database) ?? []) publish(tags);
}

/** Runs `listener` whenever anything in the area changes, by a write here or on another instance. */
export function onContentChange(area: ContentArea, listener: Listener): void {
  listeners.get(area)?.push(listener);
}

/** Runs `watch` with the number of every change of this database's content (kept only as long as the database is). */
export function watchChanges(database: Database, watch: (mark: number) => void): void {
  changesOf(database).watchers.add(watch);
}

/** Tells other instances of local changes to this database's content; the returned function stops it. */
export function addPublisher(database: Database, publish: Publisher): () => void {
  let set = publishers.get(database);
  if (!set) publishers.set(database, (set = new Set()));
  set.add(publish);
  return () => set.delete(publish);
}
