import type { App, FeatureRoutes } from '../http/app-types.js';
import { linksPublic } from './links/public.js';
import { bannersPublic } from './banners/public.js';
import { lookupsPublic } from './lookups/public.js';
import { menusPublic } from './menus/public.js';
import { newsPublic } from './news/public.js';
import { positionsPublic } from './positions/public.js';
import { sitePublic } from './site/public.js';
import { visitsPublic } from './visits/public.js';
import { statisticsPublic } from './statistics/public.js';
import { statisticsAdmin } from './statistics/admin.js';
import { editorOutputAdmin } from './statistics/editors-admin.js';
import { statisticsSettingsAdmin } from './statistics/settings-admin.js';
import { columnFreshnessAdmin } from './inspection/columns-admin.js';
import { linkCheckAdmin, linkFindingsAdmin } from './inspection/links-admin.js';
import { sitePageStatus } from './pages/page-status.js';
import { availabilityAdmin } from './inspection/availability-admin.js';
import { adminUserRoutes } from './system/admin-users/routes.js';
import { loginLogRoutes } from './system/audit/login-log-routes.js';
import { auditRoutes } from './system/audit/routes.js';
import { logChainRoutes } from './system/audit/chain-routes.js';
import { onlineSessionRoutes } from './system/auth/online-routes.js';
import { authRoutes } from './system/auth/routes.js';
import { dashboardRoutes } from './system/dashboard/routes.js';
import { menuRoutes } from './system/menus/routes.js';
import { roleRoutes } from './system/roles/routes.js';
import { twoFactorResetRoutes } from './system/two-factor/reset-routes.js';
import { twoFactorRoutes } from './system/two-factor/routes.js';
import { recoveryCodeRoutes } from './system/two-factor/recovery-routes.js';
import { ownPasswordRoute } from './system/auth/routes.js';
import { membersAdmin } from './members/admin.js';
import { memberListAdmin } from './members/list-admin.js';
import { membersPublic } from './members/public.js';
import { memberLoginPublic } from './members/login-public.js';
import { applicationsAdmin } from './applications/admin.js';
import { applicationProcessAdmin } from './applications/process-admin.js';
import { applicationsPublic } from './applications/public.js';
import { suggestionsAdmin } from './suggestions/admin.js';
import { suggestionsPublic } from './suggestions/public.js';
import { membershipLevelsAdmin } from './membership/levels-admin.js';
import { membershipPaymentListAdmin } from './membership/payment-list-admin.js';
import { membershipPaymentsAdmin } from './membership/payments-admin.js';
import { membershipReceiptsAdmin } from './membership/receipts-admin.js';
import { membershipVouchersAdmin } from './membership/vouchers-admin.js';
import { membershipStandingAdmin } from './membership/standing-admin.js';
import { memberBatchAdmin } from './membership/batch-admin.js';
import { duesAccountAdmin } from './membership/dues-account-admin.js';
import { memberReceiptsPublic } from './membership/receipts-public.js';
import { memberImportAdmin } from './membership/import-admin.js';
import { membershipPublic } from './membership/public.js';
import { memberCardAdmin, memberCardPublic } from './membership/card-routes.js';
import { menusAdmin } from './menus/admin.js';
import { newsAdmin } from './news/admin.js';
import { newsListAdmin } from './news/list-admin.js';
import { newsBulkAdmin } from './news/bulk-admin.js';
import { newsPreviewAdmin } from './news/preview-routes.js';
import { newsRevisionsAdmin } from './news/revisions-admin.js';
import { newsAutosaveAdmin } from './news/autosave-admin.js';
import { positionsAdmin } from './positions/admin.js';
import { positionPlacementAdmin } from './positions/placement-admin.js';
import { bannersAdmin } from './banners/admin.js';
import { linksAdmin } from './links/admin.js';
import { lookupsAdmin } from './lookups/admin.js';
import { uploadsAdmin } from './uploads/admin.js';
import { uploadLibraryAdmin } from './uploads/library-admin.js';
import { contributionsAdmin } from './contributions/admin.js';
import { contributionListAdmin } from './contributions/list-admin.js';
import { contributionsPublic } from './contributions/public.js';
import { contributionUploadPublic } from './contributions/upload-public.js';
import { sensitiveWordsAdmin } from './sensitive-words/admin.js';
import { sensitiveWordImportAdmin } from './sensitive-words/import-admin.js';
import { wrongWordsAdmin } from './proofreading/admin.js';
import { wrongWordSheetsAdmin } from './proofreading/sheet-admin.js';
import { proofreadingCheckAdmin } from './proofreading/check-admin.js';
import { certificatesAdmin } from './certificates/admin.js';
import { certificateStatusAdmin } from './certificates/status-admin.js';
import { certificateDownloadAdmin } from './certificates/download-admin.js';
import { certificateImportExportAdmin } from './certificates/import-export-admin.js';
import { certificatesPublic } from './certificates/public.js';
import { certificateVerification } from './certificates/verification.js';
import { memberCardVerification } from './membership/card-page.js';
import { cardStatus } from './membership/card.js';
import { certificateStatus } from './certificates/credential.js';
import { credentialRoutes } from './credentials/routes.js';
import { crawlRoutes } from './pages/crawl.js';

import { activitiesAdmin } from './activities/admin.js';
import { activitiesPublic } from './activities/public.js';
import { activitySignUpPublic } from './activities/sign-up-public.js';
import { activityPublishingAdmin } from './activities/publishing-admin.js';
import { activityAudienceAdmin } from './activities/audience-admin.js';
import { activityFilesAdmin } from './activities/files-admin.js';
import { signUpFormAdmin } from './activities/sign-up-form-admin.js';
import { checkInAdmin } from './activities/check-in-admin.js';
import { attendanceAdmin } from './activities/attendance-admin.js';
import { attendancePublic } from './activities/attendance-public.js';
import { attendanceCertificatesAdmin } from './attendance-certificates/admin.js';
import { attendanceCertificateListAdmin } from './attendance-certificates/list-admin.js';
import { attendanceCertificatesMember } from './attendance-certificates/member.js';
import { attendanceVerification } from './attendance-certificates/verification.js';
import { attendanceStatus } from './attendance-certificates/records.js';
import { apiTokensAdmin } from './system/api-tokens/admin.js';
import { reviewAdmin } from './review/routes.js';
import { reviewFlowRoutes } from './review/flow-routes.js';
import { reviewNoticeRoutes } from './review/notice-routes.js';
import { reviewExportRoutes } from './review/export-routes.js';
import { memorialAdmin } from './site/memorial-admin.js';
import { workdaysAdmin } from './workdays/admin.js';
import { electionsAdmin } from './elections/admin.js';
import { electionsPublic } from './elections/public.js';
import { electionPublicationPublic } from './elections/publication-public.js';
import { electionCandidatesAdmin } from './elections/candidates-admin.js';
import { electionRollAdmin } from './elections/roll-admin.js';
import { electionCountAdmin } from './elections/count-admin.js';
import { formsAdmin } from './forms/admin.js';
import { formLifecycleAdmin } from './forms/lifecycle-admin.js';
import { formResultsAdmin } from './forms/results-admin.js';
import { formExportAdmin } from './forms/export-admin.js';
import { formsPublic } from './forms/public.js';
import { formAnswersPublic } from './forms/answer-public.js';
import { messageAskPublic } from './messages/ask-public.js';
import { messageAskerPublic } from './messages/asker-public.js';
import { messagePublicationPublic } from './messages/publication-public.js';
import { messageQueueAdmin } from './messages/queue-admin.js';
import { messageRoutingAdmin } from './messages/routing-admin.js';
import { messageAnswerAdmin } from './messages/answer-admin.js';
import { messageCategoriesAdmin } from './messages/categories-admin.js';
import { messageDepartmentsAdmin } from './messages/departments-admin.js';
import { messageSettingsAdmin } from './messages/settings-admin.js';
import { messageStatisticsAdmin } from './messages/statistics-admin.js';
import { mailTemplatesAdmin } from './mailings/templates-admin.js';
import { systemMailsAdmin } from './mailings/system-mails-admin.js';
import { mailingsAdmin } from './mailings/mailings-admin.js';
import { mailingSendingAdmin } from './mailings/sending-admin.js';
import { mailingRecordsAdmin } from './mailings/records-admin.js';
import { mailingSettingsAdmin } from './mailings/settings-admin.js';
import { smsSettingsAdmin } from './sms/settings-admin.js';
import { smsSendingAdmin } from './sms/sending-admin.js';
import { mailingPublic } from './mailings/unsubscribe-public.js';
import { mailingOpensPublic } from './mailings/opens-public.js';
import { inboxPublic } from './inbox/public.js';
import { privacyPublic } from './privacy/public.js';
import { memberConsentsPublic } from './members/consents-public.js';
import { rightsMember } from './rights/member.js';
import { rightsAdmin } from './rights/admin.js';
import { privacyAdmin } from './privacy/admin.js';
import { privacyPublishingAdmin } from './privacy/publishing-admin.js';

/** Public site calls, spec §7 "/api/XfWebApi/". */
const publicRoutes: FeatureRoutes[] = [
  linksPublic,
  menusPublic,
  newsPublic,
  positionsPublic,
  bannersPublic,
  lookupsPublic,
  visitsPublic,
  statisticsPublic,
  sitePublic,
  contributionsPublic,
  contributionUploadPublic,
  certificatesPublic,
  ownPasswordRoute,
  activitiesPublic,
  activitySignUpPublic,
  attendancePublic,
  attendanceCertificatesMember,
  // The member area: sign-in, profile, application, suggestion box, membership and its electronic card.
  memberLoginPublic,
  membersPublic,
  applicationsPublic,
  suggestionsPublic,
  membershipPublic,
  electionsPublic,
  electionPublicationPublic,
  formsPublic,
  formAnswersPublic,
  // 在线留言: asking, following by 查询码, rating, the published answers.
  messageAskPublic,
  messageAskerPublic,
  messagePublicationPublic,
  // 会员通知: one-click unsubscribe, a member's preferences.
  mailingPublic,
  mailingOpensPublic,
  // 站内信: a member's messages from the association.
  inboxPublic,
  memberCardPublic,
  memberReceiptsPublic,
  // 隐私政策: the published versions; a member's consents.
  privacyPublic,
  memberConsentsPublic,
  rightsMember,
];
/** Business back-office calls, spec §7 "/api/XfSysBussiness/". */
const businessRoutes: FeatureRoutes[] = [
  menusAdmin,
  newsListAdmin,
  newsAdmin,
  newsBulkAdmin,
  newsPreviewAdmin,
  newsRevisionsAdmin,
  newsAutosaveAdmin,
  positionsAdmin,
  positionPlacementAdmin,
  bannersAdmin,
  linksAdmin,
  lookupsAdmin,
  uploadsAdmin,
  uploadLibraryAdmin,
  contributionListAdmin,
  contributionsAdmin,
  reviewFlowRoutes,
  reviewAdmin,
  reviewExportRoutes,
  reviewNoticeRoutes,
  sensitiveWordsAdmin,
  sensitiveWordImportAdmin,
  wrongWordsAdmin,
  wrongWordSheetsAdmin,
  proofreadingCheckAdmin,
  certificatesAdmin,
  certificateStatusAdmin,
  certificateDownloadAdmin,
  certificateImportExportAdmin,
  activitiesAdmin,
  activityPublishingAdmin,
  activityAudienceAdmin,
  activityFilesAdmin,
  signUpFormAdmin,
  attendanceAdmin,
  checkInAdmin,
  attendanceCertificatesAdmin,
  attendanceCertificateListAdmin,
  memorialAdmin,
  workdaysAdmin,
  privacyAdmin,
  rightsAdmin,
  privacyPublishingAdmin,
  // Members, application review, suggestions, dues and level terms, member import, card revocation.
  memberListAdmin,
  membersAdmin,
  applicationsAdmin,
  applicationProcessAdmin,
  suggestionsAdmin,
  membershipLevelsAdmin,
  membershipPaymentListAdmin,
  membershipPaymentsAdmin,
  membershipReceiptsAdmin,
  membershipVouchersAdmin,
  membershipStandingAdmin,
  memberBatchAdmin,
  duesAccountAdmin,
  memberImportAdmin,
  electionsAdmin,
  electionCandidatesAdmin,
  electionRollAdmin,
  electionCountAdmin,
  formsAdmin,
  formLifecycleAdmin,
  formResultsAdmin,
  formExportAdmin,
  // 在线留言: the queue, routing and answering, departments and categories, statistics.
  messageQueueAdmin,
  messageRoutingAdmin,
  messageAnswerAdmin,
  messageCategoriesAdmin,
  messageDepartmentsAdmin,
  messageSettingsAdmin,
  messageStatisticsAdmin,
  statisticsAdmin,
  editorOutputAdmin,
  statisticsSettingsAdmin,
  // 网站检查: 栏目更新, 链接检查's findings (its runs are registered below, handed the site's pages).
  columnFreshnessAdmin,
  linkFindingsAdmin,
  // 网站检查: 可用性监测.
  availabilityAdmin,
  // 会员通知: templates, system mails, mailings, sending, records.
  mailTemplatesAdmin,
  systemMailsAdmin,
  mailingsAdmin,
  mailingSendingAdmin,
  mailingRecordsAdmin,
  mailingSettingsAdmin,
  // 短信: the installed provider (none ships), the signature, a test message, the log.
  smsSettingsAdmin,
  smsSendingAdmin,
  memberCardAdmin,
];
/** System back-office calls, spec §7 "/api/XfSystemApi/". */
const systemRoutes: FeatureRoutes[] = [
  authRoutes,
  menuRoutes,
  roleRoutes,
  adminUserRoutes,
  auditRoutes,
  logChainRoutes,
  dashboardRoutes,
  loginLogRoutes,
  onlineSessionRoutes,
  twoFactorRoutes,
  recoveryCodeRoutes,
  twoFactorResetRoutes,
  apiTokensAdmin,
];

export async function registerFeatures(app: App): Promise<void> {
  await app.register(
    async (scope) => {
      for (const r of publicRoutes) await r(scope as App);
    },
    { prefix: '/api/XfWebApi' },
  );
  await app.register(
    async (scope) => {
      for (const r of businessRoutes) await r(scope as App);
      // 网站检查: 链接检查, which asks the app itself for the site's own pages.
      await linkCheckAdmin(scope as App, sitePageStatus(app));
    },
    { prefix: '/api/XfSysBussiness' },
  );
  await app.register(
    async (scope) => {
      for (const r of systemRoutes) await r(scope as App);
    },
    { prefix: '/api/XfSystemApi' },
  );
  // Pages and well-known documents outside /api: a certificate's verification page and its credential.
  await app.register(async (scope) => certificateVerification(scope as App));
  // What verifiers of the signed credentials fetch: the keys, the issuer profile, the revocation lists.
  await app.register(async (scope) => credentialRoutes(scope as App, [certificateStatus, cardStatus, attendanceStatus]));
  // An electronic membership card's verification page.
  await app.register(async (scope) => memberCardVerification(scope as App));
  // An attendance certificate's (参会证明, 培训证明) verification page and its credential.
  await app.register(async (scope) => attendanceVerification(scope as App));
  // robots.txt and sitemap.xml for search engines.
  await app.register(async (scope) => crawlRoutes(scope as App));
}
