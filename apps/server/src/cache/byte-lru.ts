/** Something kept in a ByteLru: it says how many bytes it holds. */
export interface Sized {
  readonly bytes: number;
}

/**
 * A least-recently-used store bounded by the bytes its values hold, not by their number: one
 * rendered page weighs as much as a hundred menu answers. A value that changes size (a
 * compressed copy added later) is put again so the total follows.
 */
export class ByteLru<V extends Sized> {
  private readonly entries = new Map<string, V>();
  private total = 0;

  constructor(readonly maxBytes: number) {}

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    // Deleting and setting again moves the key to the end: the first key is the least recently used.
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** Keeps the value (replacing one under the same key), then drops the least recently used until the total fits. */
  set(key: string, value: V): void {
    this.delete(key);
    // A value larger than the whole store is never kept: it would evict everything for nothing.
    if (value.bytes > this.maxBytes) return;
    this.entries.set(key, value);
    this.total += value.bytes;
    for (const [oldest, old] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.total -= old.bytes;
    }
  }

  delete(key: string): void {
    const old = this.entries.get(key);
    if (old === undefined) return;
    this.entries.delete(key);
    this.total -= old.bytes;
  }

  /** Bytes held now. */
  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.entries.size;
  }
}
