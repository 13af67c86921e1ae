/** Something kept in a ByteLru: it says how many bytes it holds. */
export interface Sized {
  readonly bytes: number;
}

/** A kept value in the recency list: `newer` towards the most recently used, `older` towards the next to go. */
interface Node<V> {
  key: string;
  value: V;
  newer: Node<V> | undefined;
  older: Node<V> | undefined;
}

/**
 * A least-recently-used store bounded by the bytes its values hold, not by their number: one
 * rendered page weighs as much as a hundred menu answers. A value that changes size (a
 * compressed copy added later) is put again so the total follows.
 *
 * The order of use is a linked list beside the Map, so a hit only relinks a node. It was kept
 * by deleting and setting the key again in the Map (a Map iterates in insertion order), but V8
 * then rebuilt its table on nearly every hit once it held many keys: 94 ns a hit with one key,
 * 1.8 µs with a thousand, 132 µs with 34,000 (the count a burst of cache-busting parameters
 * leaves), which cut cached answers from 27,000 to 11,000 a second.
 */
export class ByteLru<V extends Sized> {
  private readonly entries = new Map<string, Node<V>>();
  private newest: Node<V> | undefined;
  private oldest: Node<V> | undefined;
  private total = 0;

  constructor(readonly maxBytes: number) {}

  get(key: string): V | undefined {
    const node = this.entries.get(key);
    if (node === undefined) return undefined;
    if (node !== this.newest) {
      this.unlink(node);
      this.linkNewest(node);
    }
    return node.value;
  }

  /** Keeps the value (replacing one under the same key), then drops the least recently used until the total fits. */
  set(key: string, value: V): void {
    this.delete(key);
    // A value larger than the whole store is never kept: it would evict everything for nothing.
    if (value.bytes > this.maxBytes) return;
    const node: Node<V> = { key, value, newer: undefined, older: undefined };
    this.entries.set(key, node);
    this.linkNewest(node);
    this.total += value.bytes;
    while (this.total > this.maxBytes && this.oldest) this.delete(this.oldest.key);
  }

  delete(key: string): void {
    const node = this.entries.get(key);
    if (node === undefined) return;
    this.entries.delete(key);
    this.unlink(node);
    this.total -= node.value.bytes;
  }

  /** Bytes held now. */
  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.entries.size;
  }

  private linkNewest(node: Node<V>): void {
    node.older = this.newest;
    node.newer = undefined;
    if (this.newest) this.newest.newer = node;
    this.newest = node;
    this.oldest ??= node;
  }

  private unlink(node: Node<V>): void {
    if (node.newer) node.newer.older = node.older;
    else this.newest = node.older;
    if (node.older) node.older.newer = node.newer;
    else this.oldest = node.newer;
    node.newer = node.older = undefined;
  }
}
