export interface DispositionOptions {
  /** `inline` shows the file in the browser where it can (a picture, a PDF); saving it still uses the name. */
  type?: 'attachment' | 'inline';
  /** The ASCII name for clients that read only `filename`; by default the name with '_' for each other character. */
  asciiName?: string;
}

/**
 * The Content-Disposition of every file we send (RFC 6266): `filename*` carries the real name
 * in UTF-8, percent-encoded as RFC 5987 asks (browsers use it), and `filename` an ASCII
 * stand-in for clients that read only that. Downloads keep the name they were uploaded or
 * titled with, whatever its script.
 */
export function contentDisposition(name: string, { type = 'attachment', asciiName = name }: DispositionOptions = {}): string {
  const ascii = asciiName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  // encodeURIComponent leaves ' ( ) * as they are; RFC 5987's attr-char does not allow them.
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
