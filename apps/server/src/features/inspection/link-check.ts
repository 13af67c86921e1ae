import type { LinkKind } from '@portal/shared';
import type { Services } from '../../http/app-types.js';
import { checkExternal, type LinkVerdict } from './link-fetch.js';
import { targetOf, type FoundLink, type LinkTarget } from './link-extract.js';
import { PoliteQueue } from './link-queue.js';

/**
 * One run's judge of links (docs/inspection.md, "链接检查"): each distinct address is checked once
 * per run, however many articles name it (the verdict is kept as a promise, so articles asking
 * while it is being checked wait for the same answer). The site's pages are asked of the app
 * itself, uploads of the storage, other sites over HTTP through the polite queue.
 */

/** Requests to other sites at once, and the pause before one host is asked again. */
const CONCURRENT_REQUESTS = 4;
const HOST_PAUSE_MS = 1000;

/** The status a visitor gets at an address of the site (features/pages/page-status.ts). */
export type PageStatus = (url: URL) => Promise<number>;

export interface CheckedLink {
  kind: LinkKind;
  url: string;
  verdict: LinkVerdict;
}

/** The verdict of a status the site answered itself. */
function siteVerdict(status: number): LinkVerdict {
  if (status === 404 || status === 410) return { problem: '404', status };
  if (status >= 500) return { problem: '5xx', status };
  if (status >= 400) return { problem: '4xx', status };
  return { status };
}

export class LinkChecker {
  private readonly verdicts = new Map<string, Promise<LinkVerdict>>();
  private readonly queue = new PoliteQueue(CONCURRENT_REQUESTS, HOST_PAUSE_MS);

  constructor(
    private readonly services: Services,
    private readonly pageStatus: PageStatus,
  ) {}

  /** Checks a link of an article; undefined for one not checked (mailto:, ftp:, malformed). */
  async check(link: FoundLink): Promise<CheckedLink | undefined> {
    const { config } = this.services;
    const target = targetOf(link, { publicBaseUrl: config.publicBaseUrl, assetBaseUrl: config.assetBaseUrl });
    if (target.kind === 'skip') return undefined;
    const key = target.kind === 'internal' || target.kind === 'external' ? `${target.kind} ${target.url.href.replace(/#.*$/, '')}` : `upload ${target.stored}`;
    let verdict = this.verdicts.get(key);
    if (!verdict) {
      verdict = this.judge(target);
      this.verdicts.set(key, verdict);
    }
    return { kind: target.kind, url: link.url, verdict: await verdict };
  }

  /** Refuses the requests still waiting (the run stops). */
  close(): void {
    this.queue.close(new Error('stopped'));
  }

  private async judge(target: Exclude<LinkTarget, { kind: 'skip' }>): Promise<LinkVerdict> {
    const { storage, config } = this.services;
    switch (target.kind) {
      case 'internal':
        return siteVerdict(await this.pageStatus(target.url));
      case 'file':
      case 'image': {
        const file = storage.owns(target.stored) ? await storage.stat(target.stored) : undefined;
        return file ? { status: 200 } : { problem: 'missing', status: 404 };
      }
      case 'external': {
        const href = target.url.href.replace(/#.*$/, '');
        const options = { timeoutMs: config.linkCheck.timeoutMs, privateAddresses: config.linkCheck.privateAddresses };
        return this.queue.run(target.url.host, () => checkExternal(href, options));
      }
    }
  }
}
