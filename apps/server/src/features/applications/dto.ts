import { processDecisionNames, type ProcessItemDto } from '@portal/shared';
import type { ProcessItem } from './service.js';

export const toProcessItemDto = (p: ProcessItem): ProcessItemDto => ({
  ProcessItemId: p.id,
  MemberId: p.memberId,
  Account: p.account,
  MemberName: p.memberName,
  Decision: p.decision,
  DecisionName: processDecisionNames[p.decision],
  ProcessItemName: p.reason,
  Remark: p.remark,
  AdminAccount: p.adminAccount,
  CreateTime: p.createdAt,
  UpdateTime: p.updatedAt,
});
