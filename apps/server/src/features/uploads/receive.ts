import { finished, Transform, type TransformCallback } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { contentMessages, messages } from '@portal/shared';
import { badRequest } from '../../http/envelope.js';
import type { Storage } from '../../storage/storage.js';
import { allowsExtension, extensionOf, matchesSignature, signatureLength, TextChecker, textExtensions, type UploadRule } from './checks.js';

/** The file of a multipart request's field `file`; anything else (no file, another field) is refused with 请选择要上传的文件 and drained. */
export async function requestFile(request: FastifyRequest): Promise<MultipartFile> {
  const upload = request.isMultipart() ? await request.file() : undefined;
  if (!upload || upload.fieldname !== 'file') {
    upload?.file.resume();
    throw badRequest(contentMessages.uploadMissing);
  }
  return upload;
}

/**
 * Stores one uploaded file under `rule`, streaming: the extension is checked before a byte is
 * written, the content's signature (or, for text, its encoding) as it arrives, and the size
 * chunk by chunk, so a file over the limit is cut off at the limit rather than read whole.
 * On any refusal the partial file is removed and the rest of the upload is drained unread so
 * the request completes; an upload cut short answers 上传失败. Resolves to the stored path
 * (`/uploads/...`) and the size.
 */
export async function receiveUpload(upload: MultipartFile, rule: UploadRule, storage: Storage): Promise<{ path: string; size: number }> {
  const extension = extensionOf(upload.filename);
  if (!allowsExtension(rule, extension)) {
    upload.file.resume();
    throw badRequest(rule.typeMessage);
  }
  const guard = new UploadGuard(rule, extension);
  // pipe() does not pass on the end of a broken upload (the body cut short, the client gone):
  // fail the guard then, so the partial file goes and the request does not wait forever.
  finished(upload.file, (error) => {
    if (error) guard.destroy(badRequest(messages.uploadFailed));
  });
  upload.file.pipe(guard);
  try {
    return { path: await storage.save(guard, extension), size: guard.size };
  } catch (error) {
    upload.file.unpipe(guard);
    upload.file.resume();
    throw error;
  }
}

/** Passes an upload through while checking its size and content; fails the stream on the first violation. */
class UploadGuard extends Transform {
  private received = 0;
  /** Bytes passed through so far; the file's size once it is stored. */
  get size(): number {
    return this.received;
  }
  /** Leading chunks held back until the signature can be read. */
  private held: Buffer[] = [];
  private sniffed = false;
  private readonly text: TextChecker | undefined;

  constructor(
    private readonly rule: UploadRule,
    private readonly extension: string,
  ) {
    super();
    this.text = textExtensions.includes(extension) ? new TextChecker() : undefined;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.received += chunk.length;
    if (this.received > this.rule.maxBytes) return done(badRequest(this.rule.sizeMessage));
    if (this.text) return this.text.push(chunk) ? done(null, chunk) : done(mismatch());
    if (this.sniffed) return done(null, chunk);
    this.held.push(chunk);
    if (this.received < signatureLength) return done();
    this.release(done);
  }

  override _flush(done: TransformCallback): void {
    if (this.received === 0) return done(badRequest(contentMessages.uploadMissing));
    if (this.text) return this.text.end() ? done() : done(mismatch());
    if (!this.sniffed) return this.release(done);
    done();
  }

  private release(done: TransformCallback): void {
    const head = Buffer.concat(this.held);
    this.held = [];
    if (!matchesSignature(this.extension, head)) return done(mismatch());
    this.sniffed = true;
    done(null, head);
  }
}

const mismatch = () => badRequest(contentMessages.uploadContentMismatch);
