import { contentMessages, formFileAccepts, formMessages, membershipMessages, messages, uploadLimits } from '@portal/shared';

/**
 * What may be uploaded where. Each kind fixes the allowed extensions, the size limit and the
 * spec's messages for a wrong type or a too large file (spec §5, §7). Every upload in the
 * project (back-office editor, contributions, membership applications) picks one of these and
 * goes through `receiveUpload` (./receive.ts), so limits and sniffing live in one place.
 */
export interface UploadRule {
  readonly extensions: readonly string[];
  readonly maxBytes: number;
  readonly typeMessage: string;
  readonly sizeMessage: string;
}

const MB = 1024 * 1024;

export const uploadRules = {
  /**
   * Back-office editor images (pasted or inserted). The spec gives no limit for these; 10 MB
   * takes any photo a phone or camera produces while keeping article pages loadable.
   */
  image: {
    extensions: ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp'],
    maxBytes: 10 * MB,
    typeMessage: contentMessages.editorImageType,
    sizeMessage: contentMessages.editorImageTooLarge,
  },
  /** Back-office editor attachments (spec §5: 50 MB, office documents and archives). */
  file: {
    extensions: ['docx', 'doc', 'xlsx', 'xls', 'pptx', 'ppt', 'pdf', 'rar', 'zip', 'txt'],
    maxBytes: uploadLimits.editorFile,
    typeMessage: messages.editorFileType,
    sizeMessage: messages.editorFileTooLarge,
  },
  /** Back-office editor audio and video (spec §5: 300 MB). */
  media: {
    extensions: ['mp3', 'mp4'],
    maxBytes: uploadLimits.media,
    typeMessage: messages.mediaType,
    sizeMessage: messages.mediaTooLarge,
  },
  /** Contribution cover and body images (spec §5: about 900 KB, 943718.4 bytes). */
  contributionImage: {
    extensions: ['jpg', 'png', 'jpeg'],
    maxBytes: uploadLimits.image,
    typeMessage: messages.imageType,
    sizeMessage: messages.imageTooLarge,
  },
  /**
   * Membership application attachment (spec §5: 10 MB; "all office formats", several files
   * zipped). The spec names no type message; the editor's list of the same formats serves.
   */
  memberAttachment: {
    extensions: ['docx', 'doc', 'xlsx', 'xls', 'pptx', 'ppt', 'pdf', 'rar', 'zip', 'txt'],
    maxBytes: uploadLimits.attachment,
    typeMessage: messages.editorFileType,
    sizeMessage: messages.attachmentTooLarge,
  },
  /** A dues payment's voucher (转账凭证): a photo or scan, kept private (features/membership). */
  paymentVoucher: {
    extensions: ['jpg', 'jpeg', 'png', 'pdf'],
    maxBytes: uploadLimits.attachment,
    typeMessage: membershipMessages.voucherType,
    sizeMessage: messages.attachmentTooLarge,
  },
  /** A file answering a form's file field (features/forms): kept private, linked from the results. */
  formFile: {
    extensions: [...formFileAccepts.image, ...formFileAccepts.document],
    maxBytes: uploadLimits.attachment,
    typeMessage: formMessages.fileType,
    sizeMessage: messages.attachmentTooLarge,
  },
  /** A message's attachment (features/messages, 在线留言): the files a form's file field takes, kept private. */
  messageFile: {
    extensions: [...formFileAccepts.image, ...formFileAccepts.document],
    maxBytes: uploadLimits.attachment,
    typeMessage: formMessages.fileType,
    sizeMessage: messages.attachmentTooLarge,
  },
} as const satisfies Record<string, UploadRule>;

export type UploadKind = keyof typeof uploadRules;

/** The largest file any kind accepts: the multipart parser's own hard limit. */
export const largestUpload = Math.max(...Object.values(uploadRules).map((rule) => rule.maxBytes));

/** Lower-case extension without the dot; '' when the name has none. */
export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot < 0 ? '' : filename.slice(dot + 1).toLowerCase();
}

export function allowsExtension(rule: UploadRule, extension: string): boolean {
  return rule.extensions.includes(extension);
}

/**
 * How many leading bytes `matchesSignature` needs to decide. Text files are checked over
 * their whole content by `TextChecker` instead.
 */
export const signatureLength = 12;

const startsWith = (head: Buffer, bytes: readonly number[], at = 0) => head.length >= at + bytes.length && bytes.every((byte, i) => head[at + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const jpeg = (head: Buffer) => startsWith(head, [0xff, 0xd8, 0xff]);
const zip = (head: Buffer) => startsWith(head, [0x50, 0x4b, 0x03, 0x04]);
const ole2 = (head: Buffer) => startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/**
 * Magic numbers by extension, so a renamed executable or an HTML page posing as an image is
 * refused. Office 2007+ files are ZIP containers; the older ones are OLE2 compound files.
 */
const signatures: Record<string, (head: Buffer) => boolean> = {
  jpg: jpeg,
  jpeg,
  png: (head) => startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  gif: (head) => startsWith(head, ascii('GIF8')),
  bmp: (head) => startsWith(head, ascii('BM')),
  webp: (head) => startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8),
  pdf: (head) => startsWith(head, ascii('%PDF')),
  zip,
  docx: zip,
  xlsx: zip,
  pptx: zip,
  doc: ole2,
  xls: ole2,
  ppt: ole2,
  rar: (head) => startsWith(head, ascii('Rar!')),
  // An ID3 tag, or straight into an MPEG audio frame (11 sync bits set).
  mp3: (head) => startsWith(head, ascii('ID3')) || (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0),
  mp4: (head) => startsWith(head, ascii('ftyp'), 4),
};

/** Whether the first bytes of a file match what its extension promises (txt excluded). */
export function matchesSignature(extension: string, head: Buffer): boolean {
  return signatures[extension]?.(head) ?? false;
}

/** Extensions whose content is checked as text rather than by a signature. */
export const textExtensions: readonly string[] = ['txt'];

/**
 * Checks a text upload chunk by chunk: valid UTF-8 and no NUL bytes, which no text file has
 * and every binary one does.
 */
export class TextChecker {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });

  /** False once the content stops being text. */
  push(chunk: Buffer): boolean {
    if (chunk.includes(0)) return false;
    try {
      this.decoder.decode(chunk, { stream: true });
      return true;
    } catch {
      return false;
    }
  }

  /** False when the file ends inside a multi-byte character. */
  end(): boolean {
    try {
      this.decoder.decode();
      return true;
    } catch {
      return false;
    }
  }
}
