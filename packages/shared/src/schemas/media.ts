import { z } from 'zod';
import { messages, systemMessages } from '../messages/index.js';
import { optionalParam, pagingQuery } from './common.js';
export type { UploadDto } from '../dto/media.js';

// ——— 媒体库 (the back office's list of public uploads) ———

/** The library's kinds, as the page filters and tags them; each takes the upload kinds of that sort. */
export const mediaKinds = { image: '图片', file: '文档', media: '音视频' } as const;
export type MediaKind = keyof typeof mediaKinds;

const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: systemMessages.dateInvalid });

export const uploadListQuery = pagingQuery.extend({
  kind: optionalParam(z.enum(Object.keys(mediaKinds) as [MediaKind, ...MediaKind[]], { error: messages.badParameter })),
  /** Part of the original name. */
  key: z.string().trim().optional(),
  /** Part of the uploader's account or name, a member's company, or 访客. */
  uploader: z.string().trim().optional(),
  /** First and last CST day, both included. */
  start: optionalParam(day),
  end: optionalParam(day),
});
export type UploadListQuery = z.infer<typeof uploadListQuery>;
