import type {
  ListDto,
  MailingCategory,
  MailingChannel,
  MailingDto,
  MailingRecipientDto,
  MailingSegment,
  MailingSettingsDto,
  MailTemplateDto,
  MemberMailingDto,
  SaveMailTemplateBody,
  SaveSystemMailBody,
  SegmentCountDto,
  SystemMailCode,
  SystemMailDto,
  SystemMailPreviewDto,
} from '@portal/shared';
import { exportList, get, post, type CallOptions } from './client';
import type { PageState } from '../components/DataTable';

/** 会员通知's back-office calls (/api/XfSysBussiness/, docs/api.md "会员通知"). */
const base = 'XfSysBussiness/';
const admin: CallOptions = { side: 'admin' };

export type MailingListQuery = PageState & { category?: MailingCategory };

export interface SaveMailingBody {
  MailingId: number;
  Category: MailingCategory;
  TemplateId: number;
  Subject: string;
  Body: string;
  Segment: MailingSegment;
  Channels: MailingChannel[];
}

export interface MailingPreview {
  Subject: string;
  Html: string;
  Text: string;
}

export const mailingsAdminApi = {
  templates: (query: MailingListQuery) => get<ListDto<MailTemplateDto>>(`${base}GetMailTemplateList`, query, admin),
  saveTemplate: (body: SaveMailTemplateBody) => post<number>(`${base}SaveMailTemplate`, body, { ...admin, silent: true }),
  deleteTemplate: (TemplateId: number) => post<null>(`${base}DeleteMailTemplate`, { TemplateId }, admin),
  preview: (query: { memberid: number; mailingid?: number; templateid?: number }) => get<MailingPreview>(`${base}PreviewMailing`, query, admin),

  /** 系统邮件: every automatic mail, in one page (there are a handful). */
  systemMails: () => get<ListDto<SystemMailDto>>(`${base}GetSystemMailList`, undefined, admin),
  /** Silent: the dialog shows the refusal (an unknown variable) beside the form. */
  saveSystemMail: (body: SaveSystemMailBody) => post<null>(`${base}SaveSystemMail`, body, { ...admin, silent: true }),
  previewSystemMail: (body: SaveSystemMailBody) => post<SystemMailPreviewDto>(`${base}PreviewSystemMail`, body, admin),
  resetSystemMail: (Code: SystemMailCode) => post<null>(`${base}ResetSystemMail`, { Code }, admin),

  list: (query: MailingListQuery) => get<ListDto<MailingDto>>(`${base}GetMailingList`, query, admin),
  mailing: (mailingid: number) => get<MailingDto>(`${base}GetMailing`, { mailingid }, admin),
  /** Silent: the compose dialog shows the refusal (an unknown variable) beside the form. */
  save: (body: SaveMailingBody) => post<number>(`${base}SaveMailing`, body, { ...admin, silent: true }),
  count: (body: Pick<SaveMailingBody, 'Category' | 'Segment' | 'Channels'>) =>
    post<SegmentCountDto>(`${base}CountMailingSegment`, body, { ...admin, silent: true }),

  test: (MailingId: number, Address: string, MemberId: number) => post<null>(`${base}TestMailing`, { MailingId, Address, MemberId }, admin),
  /** SendAt blank: now. Answers sent or scheduled. */
  send: (MailingId: number, SendAt: string) => post<'sent' | 'scheduled'>(`${base}SendMailing`, { MailingId, SendAt }, admin),
  cancelSchedule: (MailingId: number) => post<null>(`${base}CancelMailingSchedule`, { MailingId }, admin),

  recipients: (query: PageState & { mailingid: number }) => get<ListDto<MailingRecipientDto>>(`${base}GetMailingRecipients`, query, admin),
  memberMailings: (query: PageState & { memberid: number }) => get<ListDto<MemberMailingDto>>(`${base}GetMemberMailings`, query, admin),
  settings: () => get<MailingSettingsDto>(`${base}GetMailingSettings`, undefined, admin),
  saveSettings: (body: MailingSettingsDto) => post<MailingSettingsDto>(`${base}SaveMailingSettings`, body, admin),
  exportRecipients: (mailingid: number, subject: string) => exportList(`${base}ExportMailingRecipients`, `${subject}-收件人.xlsx`, { mailingid }),
};
