import { adminQueryKeys } from '../../session/queries';

/** 会员通知's (and 短信's) cached back-office reads: saving a template or a mailing reloads its list. */
export const mailingKeys = {
  templates: [...adminQueryKeys.all, 'mailings', 'templates'] as const,
  systemMails: [...adminQueryKeys.all, 'mailings', 'system-mails'] as const,
  list: [...adminQueryKeys.all, 'mailings', 'list'] as const,
  mailing: [...adminQueryKeys.all, 'mailings', 'mailing'] as const,
  recipients: [...adminQueryKeys.all, 'mailings', 'recipients'] as const,
  /** What one member was sent (the member dialog's 收到的通知). */
  memberMailings: [...adminQueryKeys.all, 'mailings', 'member'] as const,
  /** The activities, forms and elections a segment is picked from. */
  segment: [...adminQueryKeys.all, 'mailings', 'segment'] as const,
  /** 发送设置: the rate and 打开跟踪. */
  settings: [...adminQueryKeys.all, 'mailings', 'settings'] as const,
  smsSettings: [...adminQueryKeys.all, 'sms', 'settings'] as const,
  smsLog: [...adminQueryKeys.all, 'sms', 'log'] as const,
};
