import type { ListDto, SendTestSmsBody, SmsLogDto, SmsSettingsDto, SmsState } from '@portal/shared';
import { get, post, type CallOptions } from './client';
import type { PageState } from '../components/DataTable';

/** 短信's back-office calls (/api/XfSysBussiness/, docs/api.md "短信"). */
const base = 'XfSysBussiness/';
const admin: CallOptions = { side: 'admin' };

export type SmsLogQuery = PageState & { state?: SmsState; phone?: string };

export const smsAdminApi = {
  settings: () => get<SmsSettingsDto>(`${base}GetSmsSettings`, undefined, admin),
  saveSettings: (body: { SignName: string; Enabled: boolean }) => post<SmsSettingsDto>(`${base}SaveSmsSettings`, body, admin),
  sendTest: (body: SendTestSmsBody) => post<null>(`${base}SendTestSms`, body, admin),
  log: (query: SmsLogQuery) => get<ListDto<SmsLogDto>>(`${base}GetSmsLogList`, query, admin),
};
