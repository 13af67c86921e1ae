import type { AdminPositionDto, PositionItemDto } from '@portal/shared';
import { assetUrl } from '../../http/assets.js';
import { toNewsListItemDto, type Audience } from '../news/dto.js';
import type { Placement, PositionItem } from './service.js';

export const toPositionItemDto = (item: PositionItem, audience: Audience): PositionItemDto => ({
  ...toNewsListItemDto(item, audience),
  Seat: item.seat,
  SortNumber: item.sortNumber,
});

export const toAdminPositionDto = (p: Placement, assetBaseUrl: string): AdminPositionDto => ({
  Id: p.positionId,
  Seat: p.seat,
  SortNumber: p.sortNumber,
  Status: p.positionStatus,
  CreateTime: p.placedAt,
  NewsId: p.id,
  MenuId: p.menuId,
  MenuName: p.menuName,
  Title: p.title,
  ImageUrl: assetUrl(assetBaseUrl, p.imageUrl),
  NewsStatus: p.status,
  IsTop: p.isTop,
  NewsCreateTime: p.newsCreateTime,
});
