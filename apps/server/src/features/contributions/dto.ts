import type { MyNewsItemDto } from '@portal/shared';
import { assetUrl } from '../../http/assets.js';
import type { MyArticle } from './service.js';

export function toMyNewsItemDto(a: MyArticle, assetBaseUrl: string): MyNewsItemDto {
  return {
    NewsId: a.id,
    Title: a.title,
    MenuId: a.menuId,
    MenuName: a.menuName,
    Status: a.status,
    ProcessItemName: a.processItemName,
    ImageUrl: assetUrl(assetBaseUrl, a.imageUrl),
    CreateTime: a.createdAt,
    NewsCreateTime: a.newsCreateTime,
  };
}
