import type { attendanceCertsApi } from './attendanceCertificates';
import type { activitiesApi } from './activities';
import type { certificatesApi } from './certificates';
import type { Envelope } from './client';
import type { contentApi } from './content';
import type { contributionsApi } from './contributions';
import type { directoryApi } from './directory';
import type { formsApi } from './forms';
import type { operations } from './generated/openapi';
import type { memberCardApi } from './member-card';
import type { mailPreferencesApi } from './mail-preferences';
import type { LoginEnvelope, membersApi } from './members';
import type { privacyApi } from './privacy';

/**
 * The web app's public and member calls against the API document: the answer type each call
 * declares (get<T>, post<T>) and the Data the document gives for that call (as
 * openapi-typescript generated it, ./generated/openapi.ts) must each be assignable to the
 * other. Type-checked with the web app (tsc -p apps/web); nothing here runs.
 */

/** The JSON envelope an operation answers with HTTP 200: its success or one of its refusals. */
type Answered<Op extends keyof operations> = operations[Op]['responses'][200]['content']['application/json'];
/** The Data of the operation's success (Code 200). */
type DataOf<Op extends keyof operations> = Extract<Answered<Op>, { Code: 200 }>['Data'];
/** What a web API function says it resolves to. */
type Declared<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>;
/** Assignable both ways. */
type Agree<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Compiles only for true: a call that no longer agrees with the document names itself in the error. */
type Holds<T extends true> = T;

export type PublicCallsAgree = [
  Holds<Agree<Declared<typeof contentApi.siteInfo>, DataOf<'XfWebApi_GetSiteInfo'>>>,
  Holds<Agree<Declared<typeof contentApi.menuTree>, DataOf<'XfWebApi_GetMenuList'>>>,
  Holds<Agree<Declared<typeof contentApi.menuById>, DataOf<'XfWebApi_GetMenuModel'>>>,
  Holds<Agree<NonNullable<Declared<typeof contentApi.menuByLabel>>, DataOf<'XfWebApi_GetMenuModel'>>>,
  Holds<Agree<Declared<typeof contentApi.menuRoot>, DataOf<'XfWebApi_GetMenuTreeModel'>>>,
  Holds<Agree<Declared<typeof contentApi.newsList>, DataOf<'XfWebApi_GetNewsList'>>>,
  // With key the list says TotalCapped too: the document's search variant of the answer.
  Holds<Agree<Declared<typeof contentApi.search>, Extract<DataOf<'XfWebApi_GetNewsList'>, { TotalCapped: boolean }>>>,
  Holds<Agree<Declared<typeof contentApi.newsDetail>, DataOf<'XfWebApi_GetNewsDetail'>>>,
  Holds<Agree<Declared<typeof contentApi.latestNews>, DataOf<'XfWebApi_GetNewsReList'>>>,
  Holds<Agree<Declared<typeof contentApi.positionList>, DataOf<'XfWebApi_GetNewPositionList'>>>,
  Holds<Agree<Declared<typeof contentApi.banners>, DataOf<'XfWebApi_GetBannerList'>>>,
  Holds<Agree<Declared<typeof contentApi.friendLinks>, DataOf<'XfWebApi_GetWebFriendlinks'>>>,
  Holds<Agree<Declared<typeof contentApi.typeList>, DataOf<'XfWebApi_GetTypeList'>>>,
  // The counter is read with its envelope: Code 101 carries the analytics script in Message.
  Holds<Agree<Declared<typeof contentApi.countVisit>, Envelope<DataOf<'XfWebApi_CountWebCount'>>>>,
  Holds<Agree<Declared<typeof membersApi.userInfo>, DataOf<'XfWebApi_GetUserInfo'>>>,
  Holds<Agree<Declared<typeof membersApi.editProfile>, DataOf<'XfWebApi_EditMember'>>>,
  Holds<Agree<Declared<typeof membersApi.changePassword>, DataOf<'XfWebApi_EditMemberPwd'>>>,
  Holds<Agree<Declared<typeof membersApi.membership>, DataOf<'XfWebApi_GetMyMembership'>>>,
  Holds<Agree<Declared<typeof membersApi.payments>, DataOf<'XfWebApi_GetMyPaymentList'>>>,
  Holds<Agree<Declared<typeof membersApi.application>, DataOf<'XfWebApi_GetMemberApplyRc'>>>,
  Holds<Agree<Declared<typeof membersApi.apply>, DataOf<'XfWebApi_ApplyMember'>>>,
  Holds<Agree<Declared<typeof membersApi.uploadFile>, DataOf<'XfWebApi_UploadFile'>>>,
  Holds<Agree<Declared<typeof membersApi.savePropose>, DataOf<'XfWebApi_SavePropose'>>>,
  // Sign-in reads the whole envelope, whichever of its codes comes: each must fit what it reads.
  Holds<Answered<'XfWebApi_GetLoginToken_post'> extends LoginEnvelope ? true : false>,
  Holds<Agree<Declared<typeof certificatesApi.search>, DataOf<'XfWebApi_GetCertList'>>>,
  Holds<Agree<Declared<typeof certificatesApi.mine>, DataOf<'XfWebApi_GetCertList'>>>,
  Holds<Agree<Declared<typeof certificatesApi.image>, DataOf<'XfWebApi_DownCert'>>>,
  Holds<Agree<Declared<typeof contributionsApi.mine>, DataOf<'XfWebApi_GetMyNewsList'>>>,
  Holds<Agree<Declared<typeof contributionsApi.menus>, DataOf<'XfWebApi_GetContributionMenus'>>>,
  Holds<Agree<Declared<typeof contributionsApi.article>, DataOf<'XfWebApi_GetNewsDetail'>>>,
  Holds<Agree<Declared<typeof contributionsApi.save>, DataOf<'XfWebApi_SaveNews'>>>,
  Holds<Agree<Declared<typeof contributionsApi.uploadImage>, DataOf<'XfWebApi_UploadContributionImage'>>>,
  Holds<Agree<Declared<typeof activitiesApi.mine>, DataOf<'XfWebApi_GetMyActivityList'>>>,
  Holds<Agree<Declared<typeof activitiesApi.unreadCount>, DataOf<'XfWebApi_GetActivityUnreadCount'>>>,
  Holds<Agree<Declared<typeof activitiesApi.open>, DataOf<'XfWebApi_GetMyActivity_id'>>>,
  Holds<Agree<Declared<typeof directoryApi.list>, DataOf<'XfWebApi_GetMemberDirectory'>>>,
  Holds<Agree<Declared<typeof memberCardApi.image>, DataOf<'XfWebApi_GetMyMemberCard'>>>,
  Holds<Agree<Declared<typeof memberCardApi.credential>, DataOf<'XfWebApi_GetMyMemberCredential'>>>,
  Holds<Agree<Declared<typeof attendanceCertsApi.mine>, DataOf<'XfWebApi_GetMyActivityCertificates'>>>,
  Holds<Agree<Declared<typeof attendanceCertsApi.image>, DataOf<'XfWebApi_DownMyActivityCertificate_id'>>>,
  Holds<Agree<Declared<typeof formsApi.publicForm>, DataOf<'XfWebApi_GetPublicForm'>>>,
  Holds<Agree<Declared<typeof formsApi.uploadFile>, DataOf<'XfWebApi_UploadFormFile'>>>,
  Holds<Agree<Declared<typeof formsApi.submit>, DataOf<'XfWebApi_SubmitForm'>>>,
  Holds<Agree<Declared<typeof formsApi.results>, DataOf<'XfWebApi_GetFormResults'>>>,
  Holds<Agree<Declared<typeof formsApi.myResponses>, DataOf<'XfWebApi_GetMyFormResponses'>>>,
  // The unsubscribe page reads the envelope: its Message is the question, then the answer.
  Holds<Agree<Declared<typeof mailPreferencesApi.unsubscribeLink>, Envelope<DataOf<'XfWebApi_Unsubscribe_get'>>>>,
  Holds<Agree<Declared<typeof mailPreferencesApi.unsubscribe>, Envelope<DataOf<'XfWebApi_Unsubscribe_post'>>>>,
  Holds<Agree<Declared<typeof mailPreferencesApi.mine>, DataOf<'XfWebApi_GetMailPreferences'>>>,
  Holds<Agree<Declared<typeof mailPreferencesApi.save>, DataOf<'XfWebApi_SaveMailPreferences'>>>,
  Holds<Agree<Declared<typeof privacyApi.policy>, DataOf<'XfWebApi_GetPrivacyPolicy'>>>,
  Holds<Agree<Declared<typeof privacyApi.myConsents>, DataOf<'XfWebApi_GetMyConsents'>>>,
];
