import { z } from 'zod';
import { contentShapes } from './content.js';

export const previewLinkDto = z
  .object({
    /** The public page's address with the preview token: /info?NewsId=…&preview=…. */
    Url: z.string(),
    ExpireTime: z.string(),
  })
  .meta({ id: 'PreviewLinkDto' });
export type PreviewLinkDto = z.infer<typeof previewLinkDto>;

/** An autosaved form: the JSON as sent, and when. */
export const newsAutosaveDto = z.object({ NewsId: z.int(), Form: z.string(), SaveTime: z.string() }).meta({ id: 'NewsAutosaveDto' });
export type NewsAutosaveDto = z.infer<typeof newsAutosaveDto>;

/** PublishNews: an article of the selection left as it was, and why (the others were published). */
export const bulkSkippedNewsDto = z.object({ NewsId: z.int(), Title: z.string(), Reason: z.string() }).meta({ id: 'BulkSkippedNewsDto' });
export type BulkSkippedNewsDto = z.infer<typeof bulkSkippedNewsDto>;

/** What a bulk action did: how many articles it changed; PublishNews also says how many wait for their publish time (待发布) and which it left. */
export const bulkNewsResultDto = z
  .object({
    Changed: z.int(),
    /** PublishNews: of Changed, those waiting for their publish time. */
    Scheduled: z.int().optional(),
    /** PublishNews: the articles not published, each with its reason ([] when all were). */
    Skipped: z.array(bulkSkippedNewsDto).optional(),
    /** MoveNews: published articles whose move waits in the target menu's review chain. */
    Submitted: z.int().optional(),
  })
  .meta({ id: 'BulkNewsResultDto' });
export type BulkNewsResultDto = z.infer<typeof bulkNewsResultDto>;

/** An article in the back-office list: the public list item plus author and views. */
export const adminNewsItemDto = z
  .object({
    ...contentShapes.newsListItem,
    Author: z.string(),
    Views: z.int(),
    /** 定时下线: when the server closes the article; '' for never. */
    OfflineTime: z.string(),
    /** An edit of this article waits in its menu's review chain (修改待审); the site shows the published text until it is approved. */
    EditPending: z.boolean(),
  })
  .meta({ id: 'AdminNewsItemDto' });
export type AdminNewsItemDto = z.infer<typeof adminNewsItemDto>;

/** An article as the back office's editor opens it. */
export const adminNewsDetailDto = z
  .object({
    ...contentShapes.newsDetail,
    OfflineTime: z.string(),
    /** Raised by every write; sent back with SaveNews so a save from a stale copy is refused. */
    Version: z.int(),
  })
  .meta({ id: 'AdminNewsDetailDto' });
export type AdminNewsDetailDto = z.infer<typeof adminNewsDetailDto>;

/** A placement of an article in a home seat. Status is the placement's; NewsStatus the article's. */
export const adminPositionDto = z
  .object({
    Id: z.int(),
    Seat: z.int(),
    SortNumber: z.int(),
    Status: z.int(),
    CreateTime: z.string(),
    NewsId: z.int(),
    MenuId: z.int(),
    MenuName: z.string(),
    Title: z.string(),
    ImageUrl: z.string(),
    NewsStatus: z.int(),
    IsTop: z.boolean(),
    NewsCreateTime: z.string(),
  })
  .meta({ id: 'AdminPositionDto' });
export type AdminPositionDto = z.infer<typeof adminPositionDto>;

export const adminBannerDto = z.object({ ...contentShapes.banner, Status: z.int() }).meta({ id: 'AdminBannerDto' });
export type AdminBannerDto = z.infer<typeof adminBannerDto>;

export const adminFriendLinkDto = z.object({ ...contentShapes.friendLink, Status: z.int(), CreateTime: z.string() }).meta({ id: 'AdminFriendLinkDto' });
export type AdminFriendLinkDto = z.infer<typeof adminFriendLinkDto>;

export const adminTypeItemDto = z.object({ ...contentShapes.typeItem, Status: z.int(), CreateTime: z.string() }).meta({ id: 'AdminTypeItemDto' });
export type AdminTypeItemDto = z.infer<typeof adminTypeItemDto>;
