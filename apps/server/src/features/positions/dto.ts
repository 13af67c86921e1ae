import type { PositionItemDto } from '@portal/shared';
import { toNewsListItemDto, type Audience } from '../news/dto.js';
import type { PositionItem } from './service.js';

export const toPositionItemDto = (item: PositionItem, audience: Audience): PositionItemDto => ({
  ...toNewsListItemDto(item, audience),
  Seat: item.seat,
  SortNumber: item.sortNumber,
});
