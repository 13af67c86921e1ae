import type { ProposeDto } from '@portal/shared';
import type { Proposal } from './service.js';

export const toProposeDto = (p: Proposal): ProposeDto => ({
  ProposeId: p.id,
  Mobile: p.mobile,
  ProposeContent: p.content,
  IsRead: p.isRead,
  ReadTime: p.readAt,
  CreateTime: p.createdAt,
});
