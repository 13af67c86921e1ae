import { z } from 'zod';

/** A version of the privacy policy as 系统管理 → 隐私政策 lists it (drafts included). */
export const privacyPolicyDto = z
  .object({
    Id: z.int(),
    /** 0 for a draft; 1, 2, … once published. */
    Version: z.int(),
    /** The published version visitors see now. */
    IsCurrent: z.boolean(),
    Content: z.string(),
    Summary: z.string(),
    /** China time of publication; '' for a draft. */
    PublishTime: z.string(),
    CreateTime: z.string(),
    UpdateTime: z.string(),
  })
  .meta({ id: 'PrivacyPolicyDto' });
export type PrivacyPolicyDto = z.infer<typeof privacyPolicyDto>;

/** One published version in the public history. */
export const privacyPolicyVersionDto = z.object({ Version: z.int(), Summary: z.string(), PublishTime: z.string() }).meta({ id: 'PrivacyPolicyVersionDto' });
export type PrivacyPolicyVersionDto = z.infer<typeof privacyPolicyVersionDto>;

/** GetPrivacyPolicy: the version asked for (the current one by default) and every published version, newest first. */
export const publicPrivacyPolicyDto = z
  .object({
    Version: z.int(),
    /** The current version's number: a page showing an earlier one links to it. */
    CurrentVersion: z.int(),
    Content: z.string(),
    Summary: z.string(),
    PublishTime: z.string(),
    Versions: z.array(privacyPolicyVersionDto),
  })
  .meta({ id: 'PublicPrivacyPolicyDto' });
export type PublicPrivacyPolicyDto = z.infer<typeof publicPrivacyPolicyDto>;

/** A consent the signed-in member gave, as 隐私与授权 lists it. */
export const privacyConsentDto = z
  .object({
    Id: z.int(),
    /** application, proposal, contribution, message, form or signUp. */
    Subject: z.string(),
    SubjectName: z.string(),
    /** What was submitted: the form's or activity's title, the message's subject… '' when it is gone. */
    Title: z.string(),
    PolicyVersion: z.int(),
    /** China time the box was ticked and the submission stored. */
    AcceptTime: z.string(),
    /** China time of withdrawal; '' while in force. */
    WithdrawTime: z.string(),
    /** What withdrawing means, shown before the member confirms. */
    Consequence: z.string(),
  })
  .meta({ id: 'PrivacyConsentDto' });
export type PrivacyConsentDto = z.infer<typeof privacyConsentDto>;
