import { z } from 'zod';
import { mediaKinds } from '../schemas/media.js';
import { keyOf } from './common.js';

export const uploadDto = z
  .object({
    Id: z.int(),
    /** The stored path, '/uploads/…'. */
    Path: z.string(),
    Url: z.string(),
    /** The picture's smallest web copy, else the picture itself; '' for other kinds. */
    ThumbUrl: z.string(),
    OriginalName: z.string(),
    Size: z.int(),
    Kind: keyOf(mediaKinds),
    /** The admin's account, the member's company, or 访客. */
    Uploader: z.string(),
    CreateTime: z.string(),
    /** Where it is used, e.g. 文章《标题》; empty when unused. */
    UsedBy: z.array(z.string()),
  })
  .meta({ id: 'UploadDto' });
export type UploadDto = z.infer<typeof uploadDto>;
