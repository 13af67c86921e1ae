import type { TypeItemDto } from '@portal/shared';
import type { TypeItem } from './service.js';

export const toTypeItemDto = (t: TypeItem): TypeItemDto => ({ Id: t.id, Type: t.type, Name: t.name, SortNumber: t.sortNumber });
