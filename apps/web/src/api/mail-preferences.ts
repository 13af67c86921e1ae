import type { MailPreferencesDto, UnsubscribeDto } from '@portal/shared';
import { call, get, post } from './client';

/** 会员通知's calls for members and for whoever holds an unsubscribe link (features/mailings, docs/api.md "会员通知"). */
const base = 'XfWebApi/';

export const mailPreferencesApi = {
  /**
   * What the link's token would unsubscribe from, and the question to ask (the envelope's Message);
   * nothing changes. A refusal (退订链接无效) is the page's to show, not a toast's (a page the
   * server draws asks it in-process).
   */
  unsubscribeLink: (t: string) => call<UnsubscribeDto>({ method: 'GET', url: `${base}Unsubscribe`, params: { t } }, { silent: true }),
  /** Unsubscribes the token's member from its category; the envelope's Message says so. */
  unsubscribe: (t: string) => call<UnsubscribeDto>({ method: 'POST', url: `${base}Unsubscribe`, params: { t }, data: {} }, { silent: true }),
  /** The signed-in member's categories: true received, false opted out. */
  mine: () => get<MailPreferencesDto>(`${base}GetMailPreferences`),
  /** Saves the categories given (the others keep their value); answers them all. */
  save: (preferences: Partial<MailPreferencesDto>) => post<MailPreferencesDto>(`${base}SaveMailPreferences`, preferences),
};
