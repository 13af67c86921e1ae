import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The pages a server menu can name by its `component` key (spec §2: type-2 menus load a view
 * by component path). A static map, so the bundler sees every import and splits each page
 * into its own chunk; keys are lower-case, as the shell lower-cases the menu's key.
 */
export const views: Record<string, LazyExoticComponent<ComponentType>> = {
  'dashboard/index': lazy(() => import('../pages/dashboard/DashboardPage')),
  'content/menu/index': lazy(() => import('../pages/content/menu/MenuPage')),
  'content/news/index': lazy(() => import('../pages/content/news/NewsPage')),
  'content/position/index': lazy(() => import('../pages/content/position/PositionPage')),
  'content/banner/index': lazy(() => import('../pages/content/banner/BannerPage')),
  'content/link/index': lazy(() => import('../pages/content/link/LinkPage')),
  'content/type/index': lazy(() => import('../pages/content/type/TypePage')),
  'content/word/index': lazy(() => import('../pages/content/word/WordPage')),
  'content/wrongword/index': lazy(() => import('../pages/content/wrongword/WrongWordPage')),
  'content/media/index': lazy(() => import('../pages/content/media/MediaPage')),
  'content/review/index': lazy(() => import('../pages/content/review/ReviewPage')),
  'content/form/index': lazy(() => import('../pages/content/form/FormPage')),
  'member/list/index': lazy(() => import('../pages/members/MemberListPage')),
  'member/payment/index': lazy(() => import('../pages/members/payments/PaymentPage')),
  'member/level/index': lazy(() => import('../pages/members/levels/LevelTermsPage')),
  'member/contribution/index': lazy(() => import('../pages/members/contribution/ContributionPage')),
  'member/propose/index': lazy(() => import('../pages/members/ProposePage')),
  'member/election/index': lazy(() => import('../pages/members/election/ElectionPage')),
  'interact/message/index': lazy(() => import('../pages/interact/message/MessagePage')),
  'interact/setting/index': lazy(() => import('../pages/interact/setting/SettingPage')),
  'interact/stats/index': lazy(() => import('../pages/interact/stats/StatsPage')),
  'stats/visits/index': lazy(() => import('../pages/stats/visits/VisitStatsPage')),
  'stats/editors/index': lazy(() => import('../pages/stats/editors/EditorOutputPage')),
  'inspection/columns/index': lazy(() => import('../pages/inspection/columns/ColumnFreshnessPage')),
  'inspection/links/index': lazy(() => import('../pages/inspection/links/LinkCheckPage')),
  'inspection/availability/index': lazy(() => import('../pages/inspection/availability/AvailabilityPage')),
  'mailing/list/index': lazy(() => import('../pages/mailing/MailingPage')),
  'mailing/template/index': lazy(() => import('../pages/mailing/TemplatePage')),
  'mailing/sms/index': lazy(() => import('../pages/mailing/SmsPage')),
  // One page for both views of the certificate records, told which one it shows.
  'cert/list/index': lazy(() => import('../pages/certificates/CertPage').then((m) => ({ default: m.CertListPage }))),
  'cert/score/index': lazy(() => import('../pages/certificates/CertPage').then((m) => ({ default: m.ScoreListPage }))),
  'activity/list/index': lazy(() => import('../pages/activity/ActivityPage')),
  'activity/checkin/index': lazy(() => import('../pages/activity/checkin/CheckInPage')),
  'system/menu/index': lazy(() => import('../pages/system/menu/MenuPage')),
  'system/role/index': lazy(() => import('../pages/system/role/RolePage')),
  'system/admin/index': lazy(() => import('../pages/system/admin/AdminUserPage')),
  'system/audit/index': lazy(() => import('../pages/system/audit/AuditLogPage')),
  'system/loginlog/index': lazy(() => import('../pages/system/loginlog/LoginLogPage')),
  'system/online/index': lazy(() => import('../pages/system/online/OnlinePage')),
  'system/token/index': lazy(() => import('../pages/system/token/ApiTokenPage')),
  'system/memorial/index': lazy(() => import('../pages/system/memorial/MemorialPage')),
  'system/workdays/index': lazy(() => import('../pages/system/workdays/WorkdaysPage')),
  'system/privacy/index': lazy(() => import('../pages/system/privacy/PrivacyPolicyPage')),
  'system/rights/index': lazy(() => import('../pages/system/rights/RightsRequestPage')),
};

/** A menu's component key as the map spells it: lower-case, without slashes or a '.vue'/'.tsx' ending at the edges. */
export const viewKey = (component: string) =>
  component
    .trim()
    .toLowerCase()
    .replace(/^\/+|\/+$/g, '')
    .replace(/\.(vue|tsx?)$/, '');
