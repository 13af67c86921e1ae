import { messageBoardMessages as say, saveMessageBody, type MessageOptionsDto } from '@portal/shared';
import type { FieldErrors } from '../../components/useCheckedFields';

/** The ask form's text fields, as typed. */
export interface AskFields {
  CategoryId: string;
  Subject: string;
  Content: string;
  Name: string;
  Phone: string;
  Email: string;
  Captcha: string;
}

export const emptyAsk: AskFields = { CategoryId: '', Subject: '', Content: '', Name: '', Phone: '', Email: '', Captcha: '' };

/** What the site requires of an asker besides the message (GetMessageOptions), as the form marks it. */
export function requiredContacts(options: Pick<MessageOptionsDto, 'Contact'>): { phone: boolean; email: boolean } {
  return { phone: options.Contact === 'phone' || options.Contact === 'both', email: options.Contact === 'email' || options.Contact === 'both' };
}

/**
 * The form's rules: each field's form from the schema the server validates with (same messages),
 * then what the site requires, in the server's order; the captcha for a visitor.
 */
export function askErrors(values: AskFields, options: Pick<MessageOptionsDto, 'RequireName' | 'Contact'>, needsCaptcha: boolean): FieldErrors<AskFields> {
  const errors: FieldErrors<AskFields> = {};
  const parsed = saveMessageBody.safeParse({ ...values, CategoryId: Number(values.CategoryId) || 0, Captcha: undefined });
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0] as keyof AskFields;
    if (field in emptyAsk) errors[field] ??= issue.message;
  }
  const required = requiredContacts(options);
  const phone = values.Phone.trim();
  const email = values.Email.trim();
  if (options.RequireName && !values.Name.trim()) errors.Name ??= say.nameRequired;
  if (required.phone && !phone) errors.Phone ??= say.phoneRequired;
  if (required.email && !email) errors.Email ??= say.emailRequired;
  if (options.Contact === 'either' && !phone && !email) errors.Phone ??= say.contactRequired;
  if (needsCaptcha && !values.Captcha.trim()) errors.Captcha = say.captchaRequired;
  return errors;
}
