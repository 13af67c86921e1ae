import type { Database } from '../db/connection.js';

/**
 * The public site's content in areas, each with a generation: a counter bumped by every write
 * to that area. What was computed from an area (a cached answer, a kept menu tree) is current
 * while the area's generation is the one it was computed at; a write makes it stale at once.
 * Counters live per database, in this process; other instances learn of a bump through the
 * fan-out (cache/fanout.ts) and bump their own counters, so the numbers differ between
 * instances but each moves whenever the content does.
 */
export const contentAreas = ['menus', 'news', 'positions', 'banners', 'links', 'lookups', 'site'] as const;
export type ContentArea = (typeof contentAreas)[number];

type Listener = (database: Database) => void;
type Publisher = (areas: readonly ContentArea[]) => void;

const counters = new WeakMap<Database, Map<ContentArea, number>>();
const listeners = new Map<ContentArea, Listener[]>(contentAreas.map((a) => [a, []]));
const publishers = new WeakMap<Database, Set<Publisher>>();

function countersOf(database: Database): Map<ContentArea, number> {
  let map = counters.get(database);
  if (!map) counters.set(database, (map = new Map()));
  return map;
}

/**
 * A stamp of the given areas' generations: it changes whenever any of them is bumped (the
 * counters only grow, so their sum does too).
 */
export function generationOf(database: Database, areas: readonly ContentArea[]): number {
  const map = countersOf(database);
  let sum = 0;
  for (const area of areas) sum += map.get(area) ?? 0;
  return sum;
}

/** Bumps the areas here and runs their listeners: what both a local write and a remote notice do. */
export function applyContentChange(database: Database, areas: readonly ContentArea[]): void {
  const map = countersOf(database);
  for (const area of areas) {
    map.set(area, (map.get(area) ?? 0) + 1);
    for (const listener of listeners.get(area) ?? []) listener(database);
  }
}

/**
 * Call after a write to these areas has been committed: cached answers built from them are
 * dropped here, and every other instance is told (cache/fanout.ts).
 */
export function contentChanged(database: Database, ...areas: ContentArea[]): void {
  applyContentChange(database, areas);
  for (const publish of publishers.get(database) ?? []) publish(areas);
}

/** Runs `listener` whenever the area changes, by a write here or on another instance. */
export function onContentChange(area: ContentArea, listener: Listener): void {
  listeners.get(area)?.push(listener);
}

/** Tells other instances of local changes to this database's content; the returned function stops it. */
export function addPublisher(database: Database, publish: Publisher): () => void {
  let set = publishers.get(database);
  if (!set) publishers.set(database, (set = new Set()));
  set.add(publish);
  return () => set.delete(publish);
}
