import { Code, contentMessages, editorUploadMessages, messages, storageKeys, uploadLimits, type EditorUploadKind } from '@portal/shared';

/** Where uploaded paths ('/uploads/…') are served from: the site itself unless built with another origin. */
const assetBase: string = import.meta.env.VITE_ASSET_BASE_URL ?? '';

/** Whose token an upload carries: the back office's, or a member's (the contribution dialog). */
export type UploadSide = 'admin' | 'member';

export interface UploadTarget {
  /** The upload call's address; empty fails with TinyMCE's "Upload url missing from the settings". */
  url: string;
  side: UploadSide;
}

/**
 * Posts one file as multipart `file` (XHR, for the progress bar) and resolves to the address
 * of the stored file. Rejects with the texts of spec §8: the server's refusal (上传失败 when it
 * gives none), HTTP Error: {status}, Invalid JSON or the XHR transport error.
 */
export function sendFile(target: UploadTarget, file: Blob, filename: string, kind: EditorUploadKind, progress?: (percent: number) => void): Promise<string> {
  if (!target.url) return Promise.reject(new Error(editorUploadMessages.urlMissing));
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${target.url}?kind=${kind}`);
    const token = localStorage.getItem(target.side === 'admin' ? storageKeys.adminToken : storageKeys.memberToken);
    if (token) xhr.setRequestHeader('token', token);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) progress?.((e.loaded / e.total) * 100);
    };
    xhr.onerror = () => reject(new Error(editorUploadMessages.transport));
    xhr.onload = () => {
      let body: { Code?: number; Message?: string; Data?: unknown };
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        reject(new Error(xhr.status < 200 || xhr.status >= 300 ? editorUploadMessages.httpError(xhr.status) : editorUploadMessages.invalidJson));
        return;
      }
      if (body.Code === Code.Ok && typeof body.Data === 'string') resolve(assetBase + body.Data);
      else if (typeof body.Code === 'number') reject(new Error(body.Message || messages.uploadFailed));
      else reject(new Error(xhr.status < 200 || xhr.status >= 300 ? editorUploadMessages.httpError(xhr.status) : editorUploadMessages.invalidJson));
    };
    const form = new FormData();
    form.append('file', file, filename);
    xhr.send(form);
  });
}

/** What the editor's file dialogs accept (spec §5; pictures as the server's UploadFile): extensions, size and the refusal texts. */
export const pickerRules = {
  image: {
    extensions: ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp'],
    maxBytes: 10 * 1024 * 1024,
    tooLarge: contentMessages.editorImageTooLarge,
    wrongType: contentMessages.editorImageType,
  },
  file: {
    extensions: ['docx', 'doc', 'xlsx', 'xls', 'pptx', 'ppt', 'pdf', 'rar', 'zip', 'txt'],
    maxBytes: uploadLimits.editorFile,
    tooLarge: messages.editorFileTooLarge,
    wrongType: messages.editorFileType,
  },
  media: {
    extensions: ['mp3', 'mp4'],
    maxBytes: uploadLimits.media,
    tooLarge: messages.mediaTooLarge,
    wrongType: messages.mediaType,
  },
} as const;

export type PickerKind = keyof typeof pickerRules;

/** The refusal text for a picked file, or null when it may be uploaded. */
export function checkPicked(kind: PickerKind, file: File): string | null {
  const rule = pickerRules[kind];
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(rule.extensions as readonly string[]).includes(extension)) return rule.wrongType;
  if (file.size > rule.maxBytes) return rule.tooLarge;
  return null;
}

/** The kind whose rules take a file of this name (by its extension), or null when none does. */
export function kindOfFile(name: string): PickerKind | null {
  const extension = name.split('.').pop()?.toLowerCase() ?? '';
  return (Object.keys(pickerRules) as PickerKind[]).find((kind) => (pickerRules[kind].extensions as readonly string[]).includes(extension)) ?? null;
}

/** Opens the browser's file chooser for one file of the kinds given; resolves null when nothing was chosen. */
export function chooseFile(...kinds: PickerKind[]): Promise<File | null> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = kinds.flatMap((kind) => pickerRules[kind].extensions.map((e) => `.${e}`)).join(',');
    input.addEventListener('change', () => resolve(input.files?.[0] ?? null));
    input.addEventListener('cancel', () => resolve(null));
    input.click();
  });
}
