import { backgroundCall, Code, codeMessages, messages, storageKeys, timing, transportMessages } from '@portal/shared';
import { notifyError, toast } from '../components/toast';
import { send, TransportError, type Request } from './transport';

/** The envelope every call answers (docs/api.md). */
export interface Envelope<T> {
  Code: number;
  Message: string;
  Data: T;
}

/** A refused call: carries the envelope so callers can read Code 510/511 and their Data. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
    /** No envelope came back (network, timeout, HTTP status), or the server is unavailable (503): the only failures worth retrying. */
    readonly transport = false,
  ) {
    super(message);
  }
}

/** Which side's session a call belongs to: decides the token header and the 401/402 redirects. */
type Side = 'member' | 'admin';

const API_BASE = '/api/';

/** One call as the API modules write it: below /api/, with its parameters, body and any headers of its own. */
export type CallConfig = Pick<Request, 'method' | 'url' | 'params' | 'data' | 'headers' | 'onUploadProgress'>;

/** A call as a page the server draws sends it: what the server's own routes need to answer it. */
export interface ServerCall {
  method: string;
  baseURL: string;
  url?: string;
  params?: object;
  data?: unknown;
}

/** Sends a page's call to the server's own routes, in-process, as a visitor without a session; answers the route's status and JSON. */
export type ServerTransport = (call: ServerCall) => Promise<{ status: number; data: unknown }>;

let serverTransport: ServerTransport | undefined;

/** Server rendering (entry-server.tsx): every call goes through `transport` instead of the network. */
export function setServerTransport(transport: ServerTransport): void {
  serverTransport = transport;
}

/**
 * A call of a page the server draws: straight to its transport, not over the network. The
 * routes answer every refusal with an envelope, whatever its HTTP status (as the browser's path
 * reads it off a refused answer); an answer without one is a transport failure.
 */
async function callOnServer<T>(transport: ServerTransport, { method, url, params, data }: CallConfig): Promise<Envelope<T>> {
  const answer = await transport({ method, baseURL: API_BASE, url, params, data });
  if (answer.data && typeof answer.data === 'object' && 'Code' in answer.data) return answer.data as Envelope<T>;
  throw new ApiError(answer.status, transportMessages.status(answer.status), null, true);
}

function tokenFor(side: Side): string | null {
  if (typeof localStorage === 'undefined') return null;
  return side === 'admin' ? localStorage.getItem(storageKeys.adminToken) : localStorage.getItem(storageKeys.memberToken);
}

/** Spec §8: clear the session and leave after 1 s. Listeners (stores) are told first. */
const sessionListeners = new Set<(side: Side) => void>();
export function onSessionExpired(listener: (side: Side) => void): () => void {
  sessionListeners.add(listener);
  return () => sessionListeners.delete(listener);
}

/** Sides whose session is ending: the calls of one page that fail together toast and redirect once. */
const expiring = new Set<Side>();

/**
 * Spec §8 for Code 401/402: an error toast, the session cleared, the next page after 1 s. That
 * page loads afresh and would lose the toast, so the reason travels with it (sessionStorage)
 * and is shown there again (useSessionNotice): the user always reads why they were sent away.
 */
function expire(side: Side, text: string) {
  if (expiring.has(side)) return;
  expiring.add(side);
  toast('error', text);
  localStorage.removeItem(side === 'admin' ? storageKeys.adminToken : storageKeys.memberToken);
  sessionStorage.setItem(storageKeys.sessionNotice[side], text);
  sessionListeners.forEach((l) => l(side));
  setTimeout(() => window.location.assign(side === 'admin' ? '/login' : '/home'), timing.sessionRedirectMs);
}

/** The reason a session of this side ended on the previous page, once; null when none did. */
export function takeSessionNotice(side: Side): string | null {
  const key = storageKeys.sessionNotice[side];
  const text = sessionStorage.getItem(key);
  sessionStorage.removeItem(key);
  return text;
}

export interface CallOptions {
  side?: Side;
  /** Do not show a toast for a refused call (the caller shows its own feedback). */
  silent?: boolean;
  /** Codes answered to the caller as data rather than errors (spec §8: 510 and 511). */
  passCodes?: number[];
  /**
   * The page asks by itself, on a timer (a poll), not because the person did something: sent
   * with the background header so it does not keep the admin's session from idling out.
   */
  background?: boolean;
}

/**
 * Sends one call and unwraps its envelope. Applies spec §8: 401/402 end the session with a
 * toast; 500 shows a 5 s toast; other codes a notification; transport failures their texts.
 */
export async function call<T>(config: CallConfig, options: CallOptions = {}): Promise<Envelope<T>> {
  if (serverTransport) return settle(await callOnServer<T>(serverTransport, config), options);
  const side = options.side ?? 'member';
  const token = tokenFor(side);
  let body: Envelope<T>;
  try {
    body = await send<Envelope<T>>({
      ...config,
      // A token passed with the call (the application token of a rejected applicant) wins
      // over the stored session.
      headers: { ...(token ? { token } : {}), ...(options.background ? { [backgroundCall.header]: backgroundCall.value } : {}), ...config.headers },
    });
  } catch (err) {
    const envelope = err instanceof TransportError ? err.body : undefined;
    if (!envelope || typeof envelope !== 'object' || !('Code' in envelope)) throw transportFailure(err, options);
    body = envelope as Envelope<T>;
  }
  // A 2xx answer that is no envelope (a proxy's page in its place) is a failure of the way there.
  if (!body || typeof body !== 'object' || !('Code' in body)) throw transportFailure(new TransportError('status', 200), options);
  return settle(body, options);
}

/** Spec §8 transport texts for a request that brought no envelope; shown unless silent. */
function transportFailure(err: unknown, options: CallOptions): ApiError {
  const kind = err instanceof TransportError ? err.kind : 'network';
  const status = err instanceof TransportError ? err.status : 0;
  const text = kind === 'timeout' ? transportMessages.timeout : kind === 'status' ? transportMessages.status(status) : transportMessages.network;
  if (!options.silent) toast('error', text);
  return new ApiError(status, text, null, true);
}

/** Spec §8 for an envelope: answers it when its Code passes, otherwise shows it (or ends the session) and throws. */
function settle<T>(body: Envelope<T>, options: CallOptions): Envelope<T> {
  if (body.Code === Code.Ok || options.passCodes?.includes(body.Code)) return body;
  const text = body.Message || (codeMessages as Record<number, string>)[body.Code] || codeMessages.default;
  if (body.Code === Code.MemberSession || body.Code === Code.AdminSession) {
    expire(body.Code === Code.AdminSession ? 'admin' : 'member', text);
  } else if (!options.silent) {
    // Keyed by their text: the same refusal from several calls of one page (or a retry) shows once.
    if (body.Code === Code.Error) toast('error', text, timing.errorToastMs / 1000);
    // The database is away (HTTP 503): nothing is wrong with what the visitor did; it will pass later.
    else if (body.Code === Code.Unavailable) toast('warning', text, timing.errorToastMs / 1000);
    else notifyError(text);
  }
  // Like a failure of the network, an unavailable server is worth asking again.
  throw new ApiError(body.Code, text, body.Data, body.Code === Code.Unavailable);
}

export interface FileOptions extends CallOptions {
  /** A token for this download only (the application token of a rejected applicant). */
  token?: string;
  /** Query parameters (undefined ones are left out). */
  params?: object;
  /** What to say when no file arrives (a network failure, a file cut off) instead of the transport text. */
  failureText?: string;
}

/**
 * Fetches a file a guarded call hands out, with the token in the header (which a plain link
 * cannot send). A refusal arrives as a JSON envelope and is shown and thrown like any other
 * call's.
 */
export async function fetchFile(url: string, options: FileOptions = {}): Promise<Blob> {
  const token = options.token ?? tokenFor(options.side ?? 'member');
  let file: Blob;
  try {
    file = await send<Blob>({ method: 'GET', url, baseURL: '', params: options.params, responseType: 'blob', headers: token ? { token } : {} });
  } catch (err) {
    const envelope = await envelopeOf(err instanceof TransportError ? err.body : undefined);
    if (envelope) settle(envelope, options);
    if (options.failureText === undefined) throw transportFailure(err, options);
    const failure = transportFailure(err, { ...options, silent: true });
    if (!options.silent) toast('error', options.failureText);
    throw new ApiError(failure.code, options.failureText);
  }
  const envelope = await envelopeOf(file);
  if (envelope) settle(envelope, options);
  return file;
}

/** The envelope a blob answer holds instead of a file, if it is one. */
async function envelopeOf(data: unknown): Promise<Envelope<unknown> | null> {
  if (!(data instanceof Blob) || !data.type.startsWith('application/json')) return null;
  const body = JSON.parse(await data.text()) as unknown;
  return body && typeof body === 'object' && 'Code' in body ? (body as Envelope<unknown>) : null;
}

/** Hands a fetched file to the browser to save under `filename`. */
export function saveFile(file: Blob, filename: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(file);
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

/**
 * Downloads a guarded file (fetchFile) and saves it under `filename`. The token is sent to our
 * own origin only: a file on another host (an older attachment under ASSET_BASE_URL) opens in
 * a new tab, without it.
 */
export async function download(url: string, filename: string, options: FileOptions = {}): Promise<void> {
  if (new URL(url, window.location.href).origin !== window.location.origin) {
    window.open(url, '_blank', 'noopener');
    return;
  }
  saveFile(await fetchFile(url, options), filename);
}

/**
 * A back-office list's 导出 (`path` below /api/, e.g. XfSysBussiness/ExportNewsList): the search
 * `filters` as .xlsx saved under `filename`; a file that does not arrive is 导出地址获取错误 (spec §8).
 */
export const exportList = (path: string, filename: string, filters: object) =>
  download(`/api/${path}`, filename, { side: 'admin', params: filters, failureText: messages.exportUrlMissing });

export const get = <T>(url: string, params?: object, options?: CallOptions) => call<T>({ method: 'GET', url, params }, options).then((r) => r.Data);
export const post = <T>(url: string, data?: unknown, options?: CallOptions) => call<T>({ method: 'POST', url, data }, options).then((r) => r.Data);
