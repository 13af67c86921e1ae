import { z } from 'zod';
import { messages, systemMessages } from '../messages/index.js';
import { booleanValue, idParam, optionalParam, pagingQuery } from './common.js';
export type { DirectoryChoiceDto, MemberDirectoryItemDto } from '../dto/directory.js';

/**
 * 会员名录: the public (or members-only, MEMBER_DIRECTORY) list of member companies. A member is
 * listed only after opting in (the profile's 在会员名录中展示; staff may set it too), and a
 * contact detail is shown only when the member ticked it. Company name, level, region, main
 * business and website are what a directory is for.
 */

/** The contact details a member may choose to show, with their labels. */
export const directoryContactFields = { DailyOperator: '联络人', OperatorPhone: '联系电话', Email: '邮箱' } as const;
export type DirectoryContact = keyof typeof directoryContactFields;
const contactNames = Object.keys(directoryContactFields) as [DirectoryContact, ...DirectoryContact[]];

export const directoryLimits = { website: 200, region: 50 } as const;

export const directoryMessages = {
  websiteInvalid: '网址应以http://或https://开头，且不超过200个字符',
  directoryClosed: '会员名录未开放',
  membersOnly: '会员名录仅对会员开放，请先登录',
} as const;

/** How the directory is offered (MEMBER_DIRECTORY): to everyone, to signed-in members, or not at all. */
export const directoryAccesses = ['public', 'members', 'off'] as const;
export type DirectoryAccess = (typeof directoryAccesses)[number];

/**
 * The directory choices in EditMember and EditMemberInfo. Each is optional: a form that does not
 * show them (an older client) keeps what the member chose.
 */
export const directoryChoiceFields = {
  DirectoryListed: optionalParam(booleanValue),
  DirectoryContacts: optionalParam(
    z
      .array(z.enum(contactNames, { error: messages.badParameter }), { error: messages.badParameter })
      .max(contactNames.length, { error: messages.badParameter }),
  ),
  Website: z
    .string()
    .trim()
    .max(directoryLimits.website, { error: directoryMessages.websiteInvalid })
    .refine((w) => w === '' || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(w), { error: directoryMessages.websiteInvalid })
    .optional(),
  Region: z
    .string()
    .trim()
    .max(directoryLimits.region, { error: systemMessages.tooLong('所在地区', directoryLimits.region) })
    .optional(),
};

/** The choices a form sent (each absent: kept as it is). */
export type DirectoryChoices = { [K in keyof typeof directoryChoiceFields]?: z.infer<(typeof directoryChoiceFields)[K]> };

/** GetMemberDirectory: part of the company name or main business, a level, paged. */
export const memberDirectoryQuery = pagingQuery.extend({
  key: z.string().trim().max(50, { error: messages.keywordTooLong }).optional(),
  level: optionalParam(idParam),
});
export type MemberDirectoryQuery = z.infer<typeof memberDirectoryQuery>;

/** Stored as a comma list of the chosen names, in the fixed order above. */
export const contactsToText = (contacts: readonly DirectoryContact[]) => contactNames.filter((c) => contacts.includes(c)).join(',');
export const contactsFromText = (text: string): DirectoryContact[] => contactNames.filter((c) => text.split(',').includes(c));
