import { Readable } from 'node:stream';

/**
 * multipart/form-data bodies for upload tests: small ones as a buffer, big ones as a stream
 * produced on demand, so a test can send hundreds of megabytes without holding them.
 */

const BOUNDARY = '----PortalTestBoundary7MA4YWxkTrZu0gW';

export interface MultipartFile {
  /** The form field; the upload calls read `file`. */
  field?: string;
  filename: string;
  /** The file's first bytes (its signature); the rest is zeros up to `size`. */
  content: Buffer;
  /** Total size in bytes; the content's length when absent. */
  size?: number;
}

const fieldPart = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const filePart = (file: MultipartFile) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
const closing = `\r\n--${BOUNDARY}--\r\n`;

export const multipartHeaders = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

/** A whole body in memory: fields first (in order), then the file when given. */
export function multipartBody(file: MultipartFile | undefined, fields: Record<string, string> = {}): Buffer {
  const head = Object.entries(fields)
    .map(([name, value]) => fieldPart(name, value))
    .join('');
  if (!file) return Buffer.from(`${head}--${BOUNDARY}--\r\n`);
  const padding = Buffer.alloc(Math.max(0, (file.size ?? file.content.length) - file.content.length));
  return Buffer.concat([Buffer.from(head + filePart(file)), file.content, padding, Buffer.from(closing)]);
}

/** The same body streamed in 1 MiB chunks of one shared zero buffer: memory stays flat however big the file. */
export function multipartStream(file: MultipartFile & { size: number }, fields: Record<string, string> = {}): Readable {
  const zeros = Buffer.alloc(1024 * 1024);
  return Readable.from(
    (function* body() {
      yield Buffer.from(
        Object.entries(fields)
          .map(([name, value]) => fieldPart(name, value))
          .join('') + filePart(file),
      );
      yield file.content;
      for (let left = file.size - file.content.length; left > 0; left -= zeros.length) yield left >= zeros.length ? zeros : zeros.subarray(0, left);
      yield Buffer.from(closing);
    })(),
    { objectMode: false },
  );
}
