import { z } from 'zod';
import { directoryContactFields, type DirectoryContact } from '../schemas/directory.js';

/** The choices as GetUserInfo and GetMemberModel answer them. */
export const directoryChoiceShape = {
  DirectoryListed: z.boolean(),
  DirectoryContacts: z.array(z.enum(Object.keys(directoryContactFields) as [DirectoryContact, ...DirectoryContact[]])),
  Website: z.string(),
  Region: z.string(),
};
export type DirectoryChoiceDto = z.infer<z.ZodObject<typeof directoryChoiceShape>>;

/** A listed member: never a contact detail the member did not choose to show ('' then). */
export const memberDirectoryItemDto = z
  .object({
    MemberNo: z.string(),
    MemberName: z.string(),
    LevelName: z.string(),
    Region: z.string(),
    Mainbusiness: z.string(),
    Website: z.string(),
    DailyOperator: z.string(),
    OperatorPhone: z.string(),
    Email: z.string(),
  })
  .meta({ id: 'MemberDirectoryItemDto' });
export type MemberDirectoryItemDto = z.infer<typeof memberDirectoryItemDto>;
