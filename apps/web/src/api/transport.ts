import { timing } from '@portal/shared';

/**
 * The browser's side of a call: the request on the wire and its answer, read as JSON or as a
 * file. The platform's fetch, not a client library: axios was 18.5 KB of every public page's
 * compressed JavaScript (issue 57) for what fetch does. Uploads that report their progress go
 * through XMLHttpRequest, the one browser API that tells how much of a body has been sent.
 */
export interface Request {
  method: string;
  /** Below `baseURL` ('/api/' unless given; '' for a path already absolute). */
  url: string;
  baseURL?: string;
  /** Query parameters; undefined and null ones are left out. */
  params?: object;
  /** A FormData goes as multipart; anything else defined as JSON. */
  data?: unknown;
  headers?: Record<string, string>;
  responseType?: 'json' | 'blob';
  /** How much of the body has been sent (0–1): only uploads ask. */
  onUploadProgress?: (event: UploadEvent) => void;
}

export interface UploadEvent {
  /** 0–1 of the body sent; undefined when the size is not known. */
  progress?: number;
}

/** No usable answer: the time ran out, the network failed, or the HTTP status was not 2xx (its body read, if any). */
export class TransportError extends Error {
  constructor(
    readonly kind: 'timeout' | 'network' | 'status',
    readonly status = 0,
    readonly body: unknown = undefined,
  ) {
    super(kind === 'status' ? `HTTP ${status}` : kind);
  }
}

/**
 * Query parameters as the back office's calls have always sent them (axios's spelling): a list
 * as `key[]=a&key[]=b`, a date as ISO, another object as JSON, undefined and null left out.
 */
export function queryString(params: object | undefined): string {
  const query = new URLSearchParams();
  const add = (key: string, value: unknown) => {
    if (value === undefined || value === null) return;
    if (value instanceof Date) query.append(key, value.toISOString());
    else if (typeof value === 'object') query.append(key, JSON.stringify(value));
    else query.append(key, String(value as string | number | boolean));
  };
  for (const [key, value] of Object.entries(params ?? {})) {
    if (Array.isArray(value)) for (const item of value) add(`${key}[]`, item);
    else add(key, value);
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

function bodyOf(data: unknown, headers: Record<string, string>): BodyInit | undefined {
  if (data === undefined) return undefined;
  if (data instanceof FormData) return data;
  headers['Content-Type'] = 'application/json';
  return JSON.stringify(data);
}

/** A body as the server sent it: JSON when it says so (or parses as such), else its text. */
function parsed(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Sends the request; answers the body of a 2xx answer, throws TransportError otherwise. */
export async function send<T>(request: Request): Promise<T> {
  const headers = { ...request.headers };
  const address = `${request.baseURL ?? '/api/'}${request.url}${queryString(request.params)}`;
  const body = bodyOf(request.data, headers);
  if (request.onUploadProgress) return sendWithProgress<T>(request, address, headers, body);
  let res: Response;
  try {
    res = await fetch(address, { method: request.method, headers, body, signal: AbortSignal.timeout(timing.requestTimeoutMs) });
  } catch (error) {
    throw new TransportError((error as Error).name === 'TimeoutError' ? 'timeout' : 'network');
  }
  if (request.responseType === 'blob' && res.ok) return (await res.blob()) as T;
  const answer = request.responseType === 'blob' ? await res.blob() : parsed(await res.text());
  if (!res.ok) throw new TransportError('status', res.status, answer);
  return answer as T;
}

function sendWithProgress<T>(request: Request, address: string, headers: Record<string, string>, body: BodyInit | undefined): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, address);
    xhr.timeout = timing.requestTimeoutMs;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => request.onUploadProgress?.({ progress: event.lengthComputable ? event.loaded / event.total : undefined });
    xhr.onload = () => {
      const answer = parsed(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(answer as T);
      else reject(new TransportError('status', xhr.status, answer));
    };
    xhr.ontimeout = () => reject(new TransportError('timeout'));
    xhr.onerror = () => reject(new TransportError('network'));
    xhr.send(body as XMLHttpRequestBodyInit | undefined);
  });
}
