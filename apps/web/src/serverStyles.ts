/**
 * antd's styles for server-rendered pages, computed once per process instead of once per page.
 *
 * antd (CSS-in-JS) derives its theme tokens and builds each component's CSS during render,
 * keeping the results in the StyleProvider's cache. A fresh cache per page made every render
 * derive and serialise them all again: in a CPU profile of the uncached home page, more than
 * 40 % of the time (and most of the garbage) went there. The results depend only on their
 * keys (component, token hash, theme), never on the page's data, so one process-wide store
 * serves every render.
 *
 * Each page still gets a cache of its own that records which entries it used, so the styles
 * written into the page's HTML are those of its own components, in the order they were first
 * used, exactly as a fresh cache would have produced them.
 */
import CacheEntity from '@ant-design/cssinjs/es/Cache';

type Entry = NonNullable<ReturnType<CacheEntity['opGet']>>;

/** Every style, token and CSS-variable entry computed in this process. Bounded by antd's components × our one theme. */
const computed = new Map<string, Entry>();

export class PageStyleCache extends CacheEntity {
  constructor() {
    super('page');
  }

  override opUpdate(keyPathStr: string, valueFn: (origin: Entry | null) => Entry | null): void {
    super.opUpdate(keyPathStr, (own) => {
      const next = valueFn(own ?? computed.get(keyPathStr) ?? null);
      if (next !== null && !computed.has(keyPathStr)) computed.set(keyPathStr, next);
      return next;
    });
  }
}
