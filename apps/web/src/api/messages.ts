import type { AskerMessageDto, CaptchaDto, ListDto, MessageOptionsDto, PublicMessageDto, SaveMessageBody } from '@portal/shared';
import { call, get, post } from './client';
import type { PageState } from '../components/DataTable';

/** 在线留言's public and member calls (features/messages, docs/api.md "在线留言"). */
const base = 'XfWebApi/';

/** What the ask form sends: SaveMessage's body, the captcha left out for a member signed in. */
export type AskBody = Omit<SaveMessageBody, 'Captcha' | 'CaptchaTicket'> & Partial<Pick<SaveMessageBody, 'Captcha' | 'CaptchaTicket'>>;

export const messagesApi = {
  options: () => get<MessageOptionsDto>(`${base}GetMessageOptions`),
  /** A visitor's captcha: the image is the envelope's Data, the ticket its top-level Url. */
  captcha: () =>
    call<string>({ method: 'GET', url: `${base}GetMessageCaptcha` }).then((r): CaptchaDto => ({ Data: r.Data, Url: (r as typeof r & { Url: string }).Url })),
  /** Stores the attachment privately; resolves to the path SaveMessage takes. A refusal is the form's to show. */
  upload: (file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return call<string>({ method: 'POST', url: `${base}UploadMessageFile`, data: form }, { silent: true }).then((r) => r.Data);
  },
  /** Resolves to the 查询码. Refusals are shown beside the form, not as a toast. */
  ask: (body: AskBody) => post<string>(`${base}SaveMessage`, body, { silent: true }),
  /** The asker's view by 查询码; an unknown code is the lookup's to say. */
  byCode: (code: string) => get<AskerMessageDto>(`${base}GetMessageByCode`, { code }, { silent: true }),
  rate: (QueryCode: string, Rating: number) => post<null>(`${base}RateMessage`, { QueryCode, Rating }, { silent: true }),
  mine: (query: PageState) => get<ListDto<AskerMessageDto>>(`${base}GetMyMessageList`, query),
  published: (query: { key?: string } & PageState) => get<ListDto<PublicMessageDto>>(`${base}GetPublicMessageList`, query),
  /** One published question and answer; not found (withdrawn) is its page's answer, not a toast. */
  publishedOne: (id: number) => get<PublicMessageDto>(`${base}GetPublicMessage`, { id }, { silent: true }),
};
