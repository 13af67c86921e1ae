import type { EncodedCopy, Encoding } from '../../http/compression.js';

/** What withRenderedPage puts into index.html: the drawn HTML, antd's styles for it, the query cache as JSON. */
export interface RenderedParts {
  html: string;
  styles: string;
  state: string;
}

/** A page as it goes out: its bytes, and its compressed copy for the client that asked. */
export interface PageBytes {
  body: Buffer;
  copy?: EncodedCopy;
}

export function withRenderedPage(html: string, page: RenderedParts): string;
export function pageDocument(html: string, encoding: Encoding | undefined): PageBytes;
