import { z } from 'zod';
import { signInKinds } from '../schemas/sign-ins.js';
import { keyOf } from './common.js';

export const loginLogDto = z
  .object({
    Id: z.int(),
    Kind: keyOf(signInKinds),
    /** 后台 or 会员. */
    KindName: z.string(),
    /** The account as typed: it may not exist. */
    Account: z.string(),
    /** 1 success, 0 failure. */
    Result: z.int(),
    /** Why it failed, or what a success opened (an applicant's application token). */
    Detail: z.string(),
    Ip: z.string(),
    /** The browser's User-Agent, cut to 300 characters, control characters removed. */
    UserAgent: z.string(),
    CreateTime: z.string(),
  })
  .meta({ id: 'LoginLogDto' });
export type LoginLogDto = z.infer<typeof loginLogDto>;

export const onlineSessionDto = z
  .object({
    SessionId: z.int(),
    Kind: keyOf(signInKinds),
    Account: z.string(),
    /** An admin's full name, a member's company name. */
    Name: z.string(),
    /** An admin's role; a member's session scope (会员, 入会申请). */
    RoleName: z.string(),
    Ip: z.string(),
    UserAgent: z.string(),
    LoginTime: z.string(),
    LastActiveTime: z.string(),
    ExpireTime: z.string(),
    /** The caller's own session (ended by 退出登录, not from this list). */
    Current: z.boolean(),
  })
  .meta({ id: 'OnlineSessionDto' });
export type OnlineSessionDto = z.infer<typeof onlineSessionDto>;
