import { z } from 'zod';

/** 短信's answers (features/sms). */

/**
 * 短信设置: the installed provider (none ships with the product: Provider '' until a deployment
 * plugs one in), the signature, the switch, and whether a message would go out now.
 */
export const smsSettingsDto = z
  .object({
    /** The installed provider's name; '' none installed. */
    Provider: z.string(),
    SignName: z.string(),
    Enabled: z.boolean(),
    /** A provider is installed, a signature saved and the switch on: messages go out. */
    Ready: z.boolean(),
  })
  .meta({ id: 'SmsSettingsDto' });
export type SmsSettingsDto = z.infer<typeof smsSettingsDto>;

/** One message tried: who to, with what, and what the provider said. */
export const smsLogDto = z
  .object({
    Id: z.int(),
    /** Masked (138****5678): the log says which member, not the number in full. */
    Phone: z.string(),
    SignName: z.string(),
    TemplateCode: z.string(),
    /** The template's variables as sent. */
    Variables: z.record(z.string(), z.string()),
    Provider: z.string(),
    /** sent (accepted by the provider), failed. */
    State: z.string(),
    StateName: z.string(),
    /** The provider's message id when accepted; its refusal otherwise. */
    Answer: z.string(),
    /** What sent it: 测试发送 and the administrator, or the feature that did. */
    Source: z.string(),
    CreateTime: z.string(),
  })
  .meta({ id: 'SmsLogDto' });
export type SmsLogDto = z.infer<typeof smsLogDto>;
