import { call } from './client';
import type { UploadEvent } from './transport';

/** A spreadsheet import's refusal of a file with bad rows (ImportCerts, ImportMembers): every problem, by the row number the sheet shows. */
export interface ImportErrors {
  Errors: { Row: number; Column: string; Message: string }[];
}

/** How an upload is going: 0–1 of the bytes sent. */
export type UploadProgress = (event: UploadEvent) => void;

/**
 * Uploads an .xlsx to an import call (/api/ + `url`) as multipart field `file`, after the
 * form `fields` (the server sees only fields sent before the file). Answers the envelope.
 * Silent: the caller shows the refusal; a file with bad rows comes back as an ApiError whose
 * data is ImportErrors.
 */
export function uploadSheet<T>(
  url: string,
  file: File,
  progress: UploadProgress,
  options: { params?: Record<string, string>; fields?: Record<string, string> } = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
  form.append('file', file, file.name);
  return call<T>({ method: 'POST', url, params: options.params, data: form, onUploadProgress: progress }, { side: 'admin', silent: true });
}
