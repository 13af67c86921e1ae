import type { AdminTypeItemDto, TypeItemDto } from '@portal/shared';
import type { AdminTypeItem, TypeItem } from './service.js';

export const toTypeItemDto = (t: TypeItem): TypeItemDto => ({ Id: t.id, Type: t.type, Name: t.name, SortNumber: t.sortNumber });

export const toAdminTypeItemDto = (t: AdminTypeItem): AdminTypeItemDto => ({ ...toTypeItemDto(t), Status: t.status, CreateTime: t.createdAt });
