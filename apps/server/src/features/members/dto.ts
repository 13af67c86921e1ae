import { applyStateNames, shownStanding, standingName, type MemberListItemDto, type MemberModelDto, type MemberProfileDto } from '@portal/shared';
import { assetUrl } from '../../http/assets.js';
import type { Member } from './service.js';

/** Wire shapes of packages/shared/src/schemas/members.ts (spec §3 spellings). */

/** A private attachment downloads through the asker's guarded call; one stored publicly (before papers were kept private) from its address. */
const attachmentUrl = (m: Member, guarded: string, assetBaseUrl: string) => (m.filePath.startsWith('/private/') ? guarded : assetUrl(assetBaseUrl, m.filePath));

export const toMemberProfileDto = (m: Member, assetBaseUrl: string): MemberProfileDto => ({
  MemberId: m.id,
  Account: m.account,
  MemberName: m.memberName,
  CompanyType: m.companyTypeId,
  CompanyTypeName: m.companyTypeName,
  MemberLevel: m.memberLevelId,
  MemberLevelName: m.memberLevelName,
  CompanyMent: m.companyMent,
  Mainbusiness: m.mainbusiness,
  RegAddress: m.regAddress,
  DailyOperator: m.dailyOperator,
  OperatorPhone: m.operatorPhone,
  Remarks: m.remarks,
  LegalPerson: m.legalPerson,
  Email: m.email,
  FilePath: m.filePath,
  FileUrl: m.filePath && attachmentUrl(m, '/api/XfWebApi/GetApplyFile', assetBaseUrl),
  FileName: m.fileName,
  ApplyState: m.applyState,
  ApplyStateName: applyStateNames[m.applyState],
  ProcessItemName: m.processItemName,
  ApplyTime: m.appliedAt,
  CreateTime: m.createdAt,
  MustChangePwd: m.mustChangePassword,
  DirectoryListed: m.directoryListed,
  DirectoryContacts: m.directoryContacts,
  Website: m.website,
  Region: m.region,
});

export const toMemberModelDto = (m: Member, assetBaseUrl: string): MemberModelDto => ({
  ...toMemberProfileDto(m, assetBaseUrl),
  FileUrl: m.filePath && attachmentUrl(m, `/api/XfSysBussiness/GetMemberFile/${m.id}`, assetBaseUrl),
  Status: m.status,
  RegCapital: m.regCapital,
  StaffCount: m.staffCount,
  JoinDate: m.joinDate,
  ExpireDate: m.expireDate,
  LastLoginTime: m.lastLoginAt,
  UpdateTime: m.updatedAt,
});

export const toMemberListItemDto = (m: Member): MemberListItemDto => ({
  MemberId: m.id,
  Account: m.account,
  MemberName: m.memberName,
  CompanyType: m.companyTypeId,
  CompanyTypeName: m.companyTypeName,
  MemberLevel: m.memberLevelId,
  MemberLevelName: m.memberLevelName,
  LegalPerson: m.legalPerson,
  DailyOperator: m.dailyOperator,
  OperatorPhone: m.operatorPhone,
  Email: m.email,
  ApplyState: m.applyState,
  ApplyStateName: applyStateNames[m.applyState],
  Status: m.status,
  ProcessItemName: m.processItemName,
  MembershipState: shownStanding(m),
  MembershipStateName: standingName(m),
  JoinDate: m.joinDate,
  ExpireDate: m.expireDate,
  ApplyTime: m.appliedAt,
  CreateTime: m.createdAt,
});
