import type { CaptchaDto, FormSummaryDto, MyFormResponseDto, PublicFormDto, SubmitFormBody } from '@portal/shared';
import { call, get, post } from './client';

/**
 * Forms, surveys and votes as visitors and members answer them (/api/XfWebApi/, docs/api.md
 * "Forms, surveys and votes"). The page says refusals itself (beside the field, or in place of
 * the form), so these calls do not toast them.
 */
const web = 'XfWebApi/';
const quiet = { silent: true };

export const formsApi = {
  /** The fields, and whether this caller may answer now (Refusal says why not). */
  publicForm: (formid: number) => get<PublicFormDto>(`${web}GetPublicForm`, { formid }, quiet),
  /** A visitor's captcha: the image is the envelope's Data, the ticket its top-level Url. */
  captcha: () =>
    call<string>({ method: 'GET', url: `${web}GetFormCaptcha` }, quiet).then((r): CaptchaDto => ({ Data: r.Data, Url: (r as typeof r & { Url: string }).Url })),
  /** Stores a file answering a file question; Data is the path the answer names. */
  uploadFile: (file: File) => {
    const body = new FormData();
    body.append('file', file);
    return post<string>(`${web}UploadFormFile`, body, quiet);
  },
  /** The response's number. */
  submit: (body: SubmitFormBody) => post<number>(`${web}SubmitForm`, body, quiet),
  /** A vote's counts, or a closed survey's published summary (403 结果暂未公开 otherwise). */
  results: (formid: number) => get<FormSummaryDto>(`${web}GetFormResults`, { formid }, quiet),
  /** The member's own named responses, newest first. */
  myResponses: () => get<MyFormResponseDto[]>(`${web}GetMyFormResponses`),
};
