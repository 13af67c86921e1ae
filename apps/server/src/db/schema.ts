import type { Generated } from 'kysely';

/**
 * Table types for Kysely. Times are text `yyyy-MM-dd HH:mm:ss` in CST (docs/decisions.md),
 * flags are integers 0/1 so both engines store them alike.
 */
export interface MenusTable {
  id: Generated<number>;
  parent_id: number;
  name: string;
  status: number;
  show_type: number;
  type: number;
  web_url: string;
  cur_value: string;
  sort_number: number;
  /** 1: members may contribute articles to this menu (栏目管理 setting); 0 by default. */
  accepts_contributions: Generated<number>;
  created_at: string;
}

export interface NewsTable {
  id: Generated<number>;
  menu_id: number;
  title: string;
  content: string;
  /** Title-free plain text of content, kept for search. */
  body_text: string;
  image_url: string;
  status: number;
  is_top: number;
  is_member_read: number;
  author: string;
  /** Member who contributed the article; null for editorial articles. */
  member_id: number | null;
  /** Latest review remark (rejection reason) shown to the contributor. */
  process_item_name: string;
  views: number;
  news_create_time: string;
  /** 定时下线: when the server closes the article; '' (the default) for never. */
  offline_at: Generated<string>;
  /** Raised by every write; a save from an older version is refused (features/articles/revisions.ts). */
  version: Generated<number>;
  /** Signed into its preview links; raised by 收回预览链接 and every take-down (features/news/preview.ts). */
  preview_generation: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A copy of an article as one save stored it (features/articles/revisions.ts); kept after the article is deleted. */
export interface NewsRevisionsTable {
  id: Generated<number>;
  news_id: number;
  /** The article's version this save produced. */
  version: number;
  /** Its number among the article's revisions: 1 for the first, one more for each save (migration 045). */
  number: Generated<number>;
  /** RevisionKind. */
  kind: number;
  /** The fields the save changed, e.g. 标题、正文; '' for a new article. */
  summary: string;
  restored_from: number | null;
  /** The serious findings of 校对 the editor confirmed saving with (migration 068); '' when none. */
  proofread_note: Generated<string>;
  admin_id: number | null;
  admin_account: string;
  member_id: number | null;
  member_name: string;
  menu_id: number;
  title: string;
  content: string;
  image_url: string;
  status: number;
  is_top: number;
  is_member_read: number;
  author: string;
  news_create_time: string;
  offline_at: string;
  created_at: string;
}

/** Secrets the site keeps for itself, by name (preview links' key). */
export interface SiteSecretsTable {
  name: string;
  secret: string;
  created_at: string;
}

/** Settings staff edit in the back office, by name (migration 046, features/site/settings.ts). */
export interface SiteSettingsTable {
  name: string;
  value: string;
  updated_at: string;
}

/** An admin's autosaved article form, one per admin and article (news_id 0: a new one). */
export interface NewsAutosavesTable {
  /** The admin whose copy it is; 0 for an API token's. */
  admin_id: number;
  /** The API token whose copy it is (migration 037); 0 for an admin's. */
  api_token_id: Generated<number>;
  news_id: number;
  /** JSON of the editor's form. */
  form: string;
  saved_at: string;
}

/** One step of a menu's own review chain (features/review/flows.ts). */
export interface MenuReviewStepsTable {
  id: Generated<number>;
  menu_id: number;
  /** 1-based. */
  step_no: number;
  name: string;
  /** JSON array of role ids. */
  role_ids: string;
  no_self_review: number;
}

/** A submission through a review chain and where it stands (features/review/); kept after the article is deleted. */
export interface NewsReviewsTable {
  id: Generated<number>;
  /** The article reviewed (kinds 1-3); 0 for a reply. */
  news_id: number;
  /** ReviewKind. */
  kind: number;
  /** The message whose reply is reviewed (kind 4 留言答复); 0 for an article. */
  subject_id: Generated<number>;
  /** ReviewState. */
  state: number;
  step_no: number;
  /** JSON of the chain at submission: ReviewStep[]. */
  steps: string;
  /** The current step's role ids as ',3,5,', for the queue's query. */
  step_roles: string;
  /** The current step's NoSelfReview. */
  step_no_self: number;
  author_admin_id: number | null;
  author_member_id: number | null;
  author_name: string;
  title: string;
  menu_id: number;
  /** JSON of the version under review (ReviewedFields). */
  version: string;
  submitted_at: string;
  /** '' while pending. */
  decided_at: Generated<string>;
}

/** A decision at one step of a review. */
export interface NewsReviewDecisionsTable {
  id: Generated<number>;
  review_id: number;
  step_no: number;
  step_name: string;
  /** StepDecision. */
  decision: number;
  opinion: string;
  admin_id: number | null;
  admin_account: string;
  admin_name: string;
  /** A super administrator's reason for deciding outside the step's rules; '' for none. */
  override_reason: string;
  created_at: string;
}

/** An in-app notice to an admin (features/review/notices.ts). */
export interface AdminNoticesTable {
  id: Generated<number>;
  admin_id: number;
  text: string;
  link: string;
  created_at: string;
  /** '' while unread. */
  read_at: Generated<string>;
}

/** 站内信: one member's copy of a message (migrations/052-inbox.ts, features/inbox). */
export interface InboxMessagesTable {
  id: Generated<number>;
  member_id: number;
  title: string;
  /** Sanitised HTML. */
  html: string;
  /** 通知公告, 活动, 会费 or 调查. */
  category: string;
  /** The mailing that sent it; null for none. */
  mailing_id: number | null;
  created_at: string;
  /** '' while unread. */
  read_at: Generated<string>;
}

/** 哀悼日: the public site drawn in grey (migrations/028-memorial-days.ts). */
export interface MemorialDaysTable {
  id: Generated<number>;
  start_date: string;
  end_date: string;
  /** MemorialScope: 1 the home page, 2 every public page. */
  scope: number;
  note: string;
  created_at: string;
  updated_at: string;
}

/** 工作日历: the days that differ from the week (migrations/048-work-calendar.ts). */
export interface WorkCalendarDaysTable {
  id: Generated<number>;
  /** China date yyyy-MM-dd, one entry per day. */
  day: string;
  /** WorkdayKind: 1 休, 2 班. */
  kind: number;
  name: string;
  created_at: string;
  updated_at: string;
}

export interface PositionsTable {
  id: Generated<number>;
  seat: number;
  news_id: number;
  sort_number: number;
  status: number;
  created_at: string;
}

export interface BannersTable {
  id: Generated<number>;
  type: number;
  title: string;
  image_url: string;
  jump_url: string;
  sort_number: number;
  status: number;
  created_at: string;
}

export interface FriendLinksTable {
  id: Generated<number>;
  title: string;
  url: string;
  sort_number: number;
  status: number;
  created_at: string;
}

export interface TypeItemsTable {
  id: Generated<number>;
  type: number;
  name: string;
  sort_number: number;
  status: number;
  created_at: string;
}

export interface VisitCountsTable {
  day: string;
  count: number;
}

/** 访问统计's raw hits (features/statistics/hits.ts). */
export interface StatHitsTable {
  id: Generated<number>;
  day: string;
  hour: number;
  path: string;
  article_id: number;
  menu_id: number;
  referrer_kind: string;
  referrer_name: string;
  keyword: string;
  results: number;
  device: string;
  browser: string;
  province: string;
  visitor: string;
  bot: string;
}

/** Per day and dimension (features/statistics/rollup.ts). */
export interface StatDailyTable {
  dim: string;
  day: string;
  key: string;
  views: number;
  visitors: number;
  results: number;
}

export interface StatHourlyTable {
  day: string;
  hour: number;
  views: number;
  visitors: number;
  bot_views: number;
}

export interface StatSaltsTable {
  day: string;
  salt: string;
}

export interface StatRollupsTable {
  day: string;
  rolled_at: string;
  final: number;
}

/** 栏目更新: a column's expected update interval as the office set it (migration 067); no row, its kind's default. */
export interface ColumnIntervalsTable {
  menu_id: number;
  days: number;
}

/** 链接检查: one run of the link checker (migration 069). */
export interface LinkCheckRunsTable {
  id: Generated<number>;
  started_at: string;
  finished_at: Generated<string>;
  /** The run's last sign of life (a running run silent for long died with its process). */
  beat_at: string;
  /** LinkCheckState: running, done, failed. */
  state: string;
  /** manual or scheduled. */
  origin: string;
  admin_account: Generated<string>;
  pages: Generated<number>;
  links: Generated<number>;
  broken: Generated<number>;
  error: Generated<string>;
}

/** 链接检查: a broken link or attachment a run found in an article (migration 069). */
export interface LinkFindingsTable {
  id: Generated<number>;
  run_id: number;
  /** LinkKind: internal, file, image, external. */
  kind: string;
  url: string;
  /** The HTTP status answered; 0 none. */
  status: number;
  /** LinkProblem. */
  problem: string;
  detail: Generated<string>;
  news_id: number;
  news_title: string;
  menu_id: number;
  menu_name: string;
  editor_account: Generated<string>;
  editor_name: Generated<string>;
  /** LinkHandled: open, fixed, ignored. */
  handled: Generated<string>;
  reason: Generated<string>;
  handled_by: Generated<string>;
  handled_at: Generated<string>;
}

/** 可用性监测: one probe of a page of the site over HTTP (migration 070), kept 90 days. */
export interface AvailabilityProbesTable {
  id: Generated<number>;
  at: string;
  /** The page's path on the site: /home, or a list page's /menuList?…. */
  target: string;
  via: 'local' | 'public';
  ok: number;
  /** The HTTP status; 0 when none came. */
  status: number;
  ms: number;
  /** Why it failed; '' when ok. */
  problem: string;
}

export interface SystemMenusTable {
  id: Generated<number>;
  parent_id: number;
  /** 1 directory, 2 page, 3 button. */
  menu_type: number;
  name: string;
  path: string;
  component: string;
  perms: string;
  icon: string;
  sort_number: number;
  visible: number;
  status: number;
  created_at: string;
  updated_at: string;
}

export interface RolesTable {
  id: Generated<number>;
  name: string;
  remark: string;
  status: number;
  /** The super administrator role holds every permission whatever its menus. */
  is_super: number;
  /** 1: the role's admins must turn the second factor on (migration 021). */
  requires_second_factor: Generated<number>;
  /** Days a password of the role's admins stays valid; 0: no expiry (migration 060). */
  password_max_days: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface RoleMenusTable {
  role_id: number;
  menu_id: number;
}

export interface AdminUsersTable {
  id: Generated<number>;
  account: string;
  full_name: string;
  phone: string;
  role_id: number;
  status: number;
  /** scrypt$N$r$p$salt$hash, see features/system/auth/passwords.ts. */
  password_hash: string;
  last_login_at: string;
  /** 1: the password was chosen by someone else; the next sign-in must replace it. */
  must_change_password: Generated<number>;
  /** China time the password was last set; the role's password_max_days counts from it (migration 060). */
  password_changed_at: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface AdminSessionsTable {
  id: Generated<number>;
  /** sha256 of the token; the token itself is never stored. */
  token_hash: string;
  admin_id: number;
  ip: string;
  /** The browser it was opened from, cleaned (features/system/audit/login-log.ts); '' before migration 022. */
  user_agent: Generated<string>;
  created_at: string;
  last_seen_at: string;
  /** Absolute end of the session, whatever the activity. */
  expires_at: string;
}

export interface CaptchasTable {
  ticket: string;
  answer_hash: string;
  expires_at: string;
  used: number;
}

export interface AuditLogsTable {
  id: Generated<number>;
  admin_id: number | null;
  account: string;
  action: string;
  target: string;
  target_id: string;
  ip: string;
  result: number;
  detail: string;
  created_at: string;
  /** Its link in the log's keyed hash chain (features/system/audit/chain.ts); '' before the chain began. */
  chain: Generated<string>;
}

/** The link of the last row retention deleted from each chained log (migration 058). */
export interface LogChainAnchorsTable {
  log: string;
  chain: string;
  updated_at: string;
}

export interface MembersTable {
  id: Generated<number>;
  account: string;
  /** scrypt$N$r$p$salt$hash, see features/system/auth/passwords.ts. */
  password_hash: string;
  /** Company name (spec MemberName). */
  member_name: string;
  /** type_items ids of list 1 (单位归类) and list 2 (会员等级). */
  company_type_id: number;
  member_level_id: number;
  company_ment: string;
  mainbusiness: string;
  reg_address: string;
  daily_operator: string;
  operator_phone: string;
  remarks: string;
  legal_person: string;
  email: string;
  file_path: string;
  reg_capital: number;
  staff_count: number;
  join_date: string;
  expire_date: string;
  /** 0 under review, 1 approved, 2 rejected (ApplyState in @portal/shared). */
  apply_state: number;
  /** 1 enabled, 0 disabled: a disabled member cannot sign in. */
  status: number;
  /** The rejection reason while the application stands rejected; '' otherwise. */
  process_item_name: string;
  last_login_at: string;
  /** When the application was last (re)submitted. */
  applied_at: string;
  created_at: string;
  updated_at: string;
  /** MembershipState (1 有效, 2 宽限期, 3 已过期, 4 已停用), kept current by features/members/states.ts. */
  membership_state: Generated<number>;
  /** 1 while the password is one the staff know (an import's initial one): the next sign-in must replace it. */
  must_change_password: Generated<number>;
  /** The electronic membership card's revocation ('' while valid) and its reason. */
  card_revoked_at: Generated<string>;
  card_revoke_reason: Generated<string>;
  /** The card's place in the member cards' revocation status lists, given with its first credential; null before. */
  card_status_index: number | null;
  /** When its credential was first issued (CST), its validFrom in every copy; '' before. */
  card_issued_at: Generated<string>;
  /** 会员名录: 1 listed; the contact fields shown, as a comma list of DailyOperator, OperatorPhone, Email. */
  directory_listed: Generated<number>;
  directory_contacts: Generated<string>;
  website: Generated<string>;
  region: Generated<string>;
}

/** Terms of a member level (type list 2 entry); levels without a row have the defaults. */
export interface MemberLevelTermsTable {
  level_id: number;
  annual_fee_fen: number;
  /** 'year' | 'calendar'. */
  term: string;
  grace_days: number;
  needs_approval: number;
  updated_at: string;
}

/** A dues payment (会费); a mistake is voided (status 'void'), never deleted. */
export interface MemberPaymentsTable {
  id: Generated<number>;
  receipt_no: string;
  member_id: number;
  level_id: number;
  level_name: string;
  amount_fen: number;
  /** yyyy-MM-dd. */
  paid_on: string;
  payer: string;
  method: string;
  voucher_path: string;
  note: string;
  term_from: string;
  term_to: string;
  /** The member's 有效期至 before this payment ('' none), put back when it is voided. */
  expire_before: string;
  provider: Generated<string>;
  transaction_id: Generated<string>;
  status: Generated<string>;
  void_reason: Generated<string>;
  admin_id: number | null;
  admin_account: string;
  created_at: string;
  updated_at: string;
}

/** A renewal reminder, once per member, term end and kind. */
export interface MembershipRemindersTable {
  id: Generated<number>;
  member_id: number;
  term_end: string;
  kind: string;
  recipient: string;
  mail_id: number | null;
  created_at: string;
}

export interface MemberSessionsTable {
  id: Generated<number>;
  /** sha256 of the token; the token itself is never stored. */
  token_hash: string;
  member_id: number;
  /** 'member' or 'application' (features/system/auth/member-sessions.ts). */
  scope: string;
  ip: string;
  /** As admin_sessions.user_agent. */
  user_agent: Generated<string>;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export interface MemberProcessItemsTable {
  id: Generated<number>;
  member_id: number;
  /** 0 submitted, 1 approved, 2 rejected (ProcessDecision in @portal/shared). */
  decision: number;
  /** The rejection reason the applicant is shown. */
  reason: string;
  /** The reviewers' own note. */
  remark: string;
  admin_id: number | null;
  admin_account: string;
  created_at: string;
  updated_at: string;
}

/** 在线留言/咨询 (migration 049, features/messages); the suggestion box's rows are messages of origin 'propose'. */
export interface MessageCategoriesTable {
  id: Generated<number>;
  name: string;
  deadline_days: number;
  sort_number: number;
  status: number;
  created_at: string;
  updated_at: string;
}

export interface MessageDepartmentsTable {
  id: Generated<number>;
  name: string;
  supervisor_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface MessageHandlersTable {
  department_id: number;
  admin_id: number;
}

export interface MessagesTable {
  id: Generated<number>;
  query_code: string;
  category_id: number;
  origin: string;
  subject: string;
  content: string;
  attachment: Generated<string>;
  asker_name: Generated<string>;
  phone: Generated<string>;
  email: Generated<string>;
  member_id: number | null;
  may_publish: Generated<number>;
  ip: Generated<string>;
  /** What the per-address limit counts: the IPv4 address, or the IPv6 /64 (migration 062). */
  address_group: Generated<string>;
  state: Generated<number>;
  department_id: number | null;
  handler_id: number | null;
  decline_reason: Generated<string>;
  reply: Generated<string>;
  replied_by: Generated<string>;
  replied_at: Generated<string>;
  reply_workdays: number | null;
  due_at: string;
  warned_at: Generated<string>;
  escalated_at: Generated<string>;
  published: Generated<number>;
  public_title: Generated<string>;
  rating: Generated<number>;
  rated_at: Generated<string>;
  read_at: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface MessageNotesTable {
  id: Generated<number>;
  message_id: number;
  kind: string;
  text: string;
  admin_id: number | null;
  admin_account: string;
  created_at: string;
}

/** Wrong passwords per account name (lower-cased, known or not) and client address. */
export interface LoginFailuresTable {
  id: Generated<number>;
  /** 'admin' or 'member'. */
  kind: string;
  account: string;
  ip: string;
  /** Wrong passwords in a row since the last success or lock. */
  failures: number;
  /** CST time until which this account is refused from this address; '' when not locked. */
  locked_until: string;
  updated_at: string;
}

/** The history of a contribution: submissions and review decisions (ReviewDecision in @portal/shared). */
export interface ContributionReviewsTable {
  id: Generated<number>;
  news_id: number;
  member_id: number;
  decision: number;
  /** The rejection reason, or what the reviewer corrected. */
  reason: string;
  admin_id: number | null;
  admin_account: string;
  created_at: string;
}

export interface SensitiveWordsTable {
  id: Generated<number>;
  word: string;
  /** The word folded as the matcher folds it (width, Latin case): unique. */
  form: string;
  created_at: string;
}

/** An entry of the 易错词 dictionary (features/proofreading, migration 066). */
export interface WrongWordsTable {
  id: Generated<number>;
  wrong: string;
  right: string;
  severity: 'serious' | 'normal';
  /** The wrong form folded as the matcher folds it (width, Latin case): unique. */
  form: string;
  created_at: string;
  updated_at: string;
}

/** One exam result (features/certificates); status -1 deleted, 0 hidden on the site, 1 normal. */
export interface CertificatesTable {
  id: Generated<number>;
  name: string;
  /** IdType in @portal/shared: 1 居民身份证, 2 护照, 3/4 permits. */
  id_type: number;
  /**
   * The ID number (normalised: no spaces, letters upper-case), sealed (db/sealed-id-numbers.ts):
   * never stored in the clear; found by its keyed hash (id_num_index); id_num_key names the
   * cipher and key that sealed it.
   */
  id_num_sealed: string;
  id_num_index: string;
  id_num_key: string;
  company: string;
  /** yyyy-MM-dd. */
  exam_time: string;
  /** 0 absent, 1 passed, 2 failed. */
  exam_status: number;
  /** Normalised; null without a certificate. */
  cert_num: string | null;
  /** yyyy-MM-dd, '' without a certificate. */
  issue_date: string;
  remarks: string;
  status: number;
  /** The random token the certificate's QR code carries. */
  verify_token: string;
  /** Its place in the certificates' revocation status lists, given with its first credential; null before. */
  status_index: number | null;
  created_at: string;
  updated_at: string;
}

/** The association's credential signing keys, newest RS256 row signing; JWKs as JSON text. */
export interface CredentialKeysTable {
  id: number;
  /** RFC 7638 thumbprint of the public key. */
  kid: string;
  public_jwk: string;
  private_jwk: string;
  /** 'RS256', or 'EdDSA' for the key credentials were signed with before RS256. */
  alg: Generated<string>;
  created_at: string;
}

/** The next free position of each family of status lists (features/credentials/status-list.ts). */
export interface CredentialStatusCountersTable {
  family: string;
  next_index: Generated<number>;
}

/** Each status list's last signing: its bits and its validFrom (features/credentials/status-list.ts). */
export interface CredentialStatusListsTable {
  family: string;
  list: number;
  encoded_list: string;
  /** CST yyyy-MM-dd HH:mm:ss. */
  signed_at: string;
}

/** One public certificate lookup, for the per-address limit. */
export interface CertLookupsTable {
  id: Generated<number>;
  ip: string;
  created_at: string;
}

/** An upload: where it is stored, its original name, who sent it and when. */
export interface UploadsTable {
  id: Generated<number>;
  path: string;
  original_name: string;
  size: number;
  kind: string;
  /** 'admin:<id>', 'member:<id>' or 'visitor'. */
  owner: string;
  created_at: string;
  /** 1 once the sweep found a record using it. */
  adopted: Generated<number>;
}

/** An activity (features/activities); status 0 草稿, 1 已发布, 2 已关闭. */
export interface ActivitiesTable {
  id: Generated<number>;
  title: string;
  /** Sanitised rich text. */
  description: string;
  place: string;
  start_time: string;
  end_time: string;
  sign_up_deadline: string;
  /** 0: no limit. */
  capacity: number;
  /** Members signed up; kept by the sign-up transaction (the capacity check reads it). */
  sign_up_count: number;
  /** 1 every member, 0 the levels in activity_levels. */
  audience_all: number;
  /** JSON array of { Name, Path }. */
  attachments: string;
  status: number;
  published_at: string;
  created_at: string;
  updated_at: string;
  /** Hours a member promoted from the waitlist has to confirm the place. */
  confirm_hours: Generated<number>;
  /** 1: a training; staff may issue 培训证明 to those checked in. */
  is_training: Generated<number>;
  /** Self check-in at the venue: its window ('' both: none) and the key in the venue's QR. */
  self_check_in_start: Generated<string>;
  self_check_in_end: Generated<string>;
  self_check_in_key: Generated<string>;
  /** 1: the venue's QR carries a code that changes every 30 s, derived from self_check_in_key (动态签到码). */
  self_check_in_rotating: Generated<number>;
  /** Bumped by every edit of a published activity: the SEQUENCE of its calendar file. */
  revision: Generated<number>;
  /** 报名表: the form (forms.id) members fill in to sign up; 0 none. */
  sign_up_form_id: Generated<number>;
}

/** A member level (type list 2) an activity is announced to. */
export interface ActivityLevelsTable {
  activity_id: number;
  level_id: number;
}

/** One member's notice of an activity; times '' until they happen. */
export interface ActivityNoticesTable {
  id: Generated<number>;
  activity_id: number;
  member_id: number;
  read_at: string;
  reminded_at: string;
  signed_up_at: string;
  /** The latest e-mail about it (mail_outbox.id). */
  mail_id: number | null;
  created_at: string;
  /** Joined the waitlist at ('' not on it); the queue is ordered by this time, then id. */
  waitlisted_at: Generated<string>;
  /** Promoted from the waitlist: a place is held (counted in sign_up_count) until this time. */
  offer_until: Generated<string>;
  /** The check-in QR's unguessable token and its 6-character typed code; kept once given. */
  check_in_token: string | null;
  check_in_code: string | null;
  checked_in_at: Generated<string>;
  /** Who checked the member in: an admin's account, or '' for self check-in. */
  checked_in_by: Generated<string>;
  /** The response (form_responses.id) to the sign-up form the member signed up or joined the waitlist with; 0 none. */
  sign_up_response_id: Generated<number>;
}

/** A 培训证明 or 参会证明 of a member checked in at an activity (migration 034). */
export interface AttendanceCertificatesTable {
  id: Generated<number>;
  activity_id: number;
  member_id: number;
  /** 'training' 培训证明, 'attendance' 参会证明. */
  kind: string;
  cert_no: string;
  verify_token: string;
  /** 0 正常, 1 已撤销. */
  status: Generated<number>;
  issued_at: string;
  issued_by: string;
  revoked_at: Generated<string>;
  status_index: number | null;
}

/** An e-mail to send, sent or failed (features/mail/outbox.ts). */
export interface MailOutboxTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  body: string;
  /** pending, sent, failed. */
  state: string;
  attempts: number;
  /** '' when no attempt is due any more. */
  next_attempt_at: string;
  locked_until: string;
  last_error: string;
  sent_at: string;
  created_at: string;
  updated_at: string;
  /** JSON array of MailAttachment (outbox.ts): files sent with the mail, e.g. a calendar file. */
  attachments: Generated<string>;
  /** 1: the body holds a secret (an imported member's initial password), emptied once sent or given up. */
  secret: Generated<number>;
  /** The HTML part beside the plain-text body; '' none (migration 051). */
  html: Generated<string>;
  /** JSON object of extra headers (List-Unsubscribe, Message-ID); '{}' none. */
  headers: Generated<string>;
  /** The SMTP envelope sender (a mailing's VERP bounce address); '' MAIL_FROM's (migration 054). */
  envelope_from: Generated<string>;
}

/** 通知模板 (migration 051, features/mailings). */
export interface MailTemplatesTable {
  id: Generated<number>;
  name: string;
  /** MailingCategory: notice, activity, dues, survey. */
  category: string;
  subject: string;
  /** Sanitised HTML with {{变量}}. */
  body: string;
  created_at: string;
  updated_at: string;
}

/** 系统邮件: staff's edit of an automatic mail; none: its shipped default is sent. */
export interface SystemMailsTable {
  /** SystemMailCode. */
  code: string;
  subject: string;
  /** Plain text with {{变量}}. */
  body: string;
  updated_at: string;
}

/** 群发通知: one mailing, its segment and where it stands. */
export interface MailingsTable {
  id: Generated<number>;
  category: string;
  /** The template it started from; 0 none. */
  template_id: Generated<number>;
  subject: string;
  body: string;
  /** MailingSegment as JSON. */
  segment: string;
  /** Comma list of MailingChannel. */
  channels: string;
  /** draft, scheduled, sent. */
  state: string;
  scheduled_at: Generated<string>;
  sent_at: Generated<string>;
  base_url: Generated<string>;
  created_by: Generated<string>;
  created_at: string;
  updated_at: string;
  /** 1 when it went out with 打开跟踪 on (migration 056). */
  track_opens: Generated<number>;
}

/** One member a mailing went to: written once when it goes out (unique per mailing and member). */
export interface MailingRecipientsTable {
  id: Generated<number>;
  mailing_id: number;
  member_id: number;
  email: Generated<string>;
  /** When handed to the outbox; '' waiting for the throttled dispatch. */
  handed_at: Generated<string>;
  mail_id: number | null;
  /** When its mail came back as a hard bounce; '' not (migration 054). */
  bounced_at: Generated<string>;
  /** The bounce's status and diagnostic, e.g. `5.1.1 550 5.1.1 User unknown`. */
  bounce_reason: Generated<string>;
  /** When its mail was first opened; '' not seen or not tracked (migration 056). */
  opened_at: Generated<string>;
}

/** A member's opt-out of a category of mailings. */
export interface MailOptOutsTable {
  member_id: number;
  category: string;
  /** unsubscribe, preferences. */
  source: string;
  created_at: string;
}

/** 短信: a message handed to the SMS provider (migration 055, features/sms). */
/** 隐私政策's versions (migration 057): version 0 a draft, 1, 2, … published and fixed. */
export interface PrivacyPoliciesTable {
  id: Generated<number>;
  version: Generated<number>;
  content: string;
  summary: string;
  /** China time; '' while a draft. */
  published_at: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface RightsRequestsTable {
  id: Generated<number>;
  /** The member or applicant who asked; 0 for a certificate holder. */
  member_id: number;
  /** A certificate holder's request: the record they proved themselves with; 0 for a member's. */
  holder_cert_id: Generated<number>;
  kind: string;
  content: string;
  status: Generated<number>;
  answer: Generated<string>;
  due_at: string;
  created_at: string;
  handled_at: Generated<string>;
  handled_by: Generated<string>;
}

export interface PrivacyConsentsTable {
  id: Generated<number>;
  subject: string;
  subject_id: number;
  member_id: number | null;
  policy_version: number;
  accepted_at: string;
  /** China time; '' while in force. */
  withdrawn_at: Generated<string>;
}

export interface SmsLogTable {
  id: Generated<number>;
  phone: string;
  sign_name: string;
  template_code: string;
  /** JSON object of variable → value. */
  variables: string;
  provider: string;
  /** sent, failed. */
  state: string;
  /** The provider's message id, or its refusal. */
  answer: string;
  source: string;
  created_at: string;
}

export interface DB {
  member_level_terms: MemberLevelTermsTable;
  member_payments: MemberPaymentsTable;
  membership_reminders: MembershipRemindersTable;
  menus: MenusTable;
  news: NewsTable;
  news_revisions: NewsRevisionsTable;
  site_secrets: SiteSecretsTable;
  site_settings: SiteSettingsTable;
  news_autosaves: NewsAutosavesTable;
  menu_review_steps: MenuReviewStepsTable;
  news_reviews: NewsReviewsTable;
  news_review_decisions: NewsReviewDecisionsTable;
  admin_notices: AdminNoticesTable;
  inbox_messages: InboxMessagesTable;
  positions: PositionsTable;
  banners: BannersTable;
  friend_links: FriendLinksTable;
  type_items: TypeItemsTable;
  visit_counts: VisitCountsTable;
  stat_hits: StatHitsTable;
  stat_daily: StatDailyTable;
  stat_hourly: StatHourlyTable;
  stat_salts: StatSaltsTable;
  stat_rollups: StatRollupsTable;
  column_intervals: ColumnIntervalsTable;
  link_check_runs: LinkCheckRunsTable;
  link_findings: LinkFindingsTable;
  availability_probes: AvailabilityProbesTable;
  system_menus: SystemMenusTable;
  roles: RolesTable;
  role_menus: RoleMenusTable;
  admin_users: AdminUsersTable;
  admin_sessions: AdminSessionsTable;
  captchas: CaptchasTable;
  audit_logs: AuditLogsTable;
  log_chain_anchors: LogChainAnchorsTable;
  members: MembersTable;
  member_sessions: MemberSessionsTable;
  member_process_items: MemberProcessItemsTable;
  message_categories: MessageCategoriesTable;
  message_departments: MessageDepartmentsTable;
  message_handlers: MessageHandlersTable;
  messages: MessagesTable;
  message_notes: MessageNotesTable;
  login_failures: LoginFailuresTable;
  contribution_reviews: ContributionReviewsTable;
  sensitive_words: SensitiveWordsTable;
  wrong_words: WrongWordsTable;
  uploads: UploadsTable;
  certificates: CertificatesTable;
  cert_lookups: CertLookupsTable;
  credential_keys: CredentialKeysTable;
  credential_status_counters: CredentialStatusCountersTable;
  credential_status_lists: CredentialStatusListsTable;
  activities: ActivitiesTable;
  activity_levels: ActivityLevelsTable;
  activity_notices: ActivityNoticesTable;
  attendance_certificates: AttendanceCertificatesTable;
  mail_outbox: MailOutboxTable;
  mail_templates: MailTemplatesTable;
  system_mails: SystemMailsTable;
  mailings: MailingsTable;
  mailing_recipients: MailingRecipientsTable;
  mail_opt_outs: MailOptOutsTable;
  sms_log: SmsLogTable;
  privacy_policies: PrivacyPoliciesTable;
  privacy_consents: PrivacyConsentsTable;
  rights_requests: RightsRequestsTable;
  memorial_days: MemorialDaysTable;
  work_calendar_days: WorkCalendarDaysTable;
  api_tokens: ApiTokensTable;
  system_menu_defaults: SystemMenuDefaultsTable;
  rate_limit_counters: RateLimitCountersTable;
  admin_second_factors: AdminSecondFactorsTable;
  admin_recovery_codes: AdminRecoveryCodesTable;
  sign_in_challenges: SignInChallengesTable;
  login_logs: LoginLogsTable;
  elections: ElectionsTable;
  election_candidates: ElectionCandidatesTable;
  election_nominations: ElectionNominationsTable;
  election_voters: ElectionVotersTable;
  election_ballots: ElectionBallotsTable;
  forms: FormsTable;
  form_responses: FormResponsesTable;
  form_respondents: FormRespondentsTable;
  form_texts: FormTextsTable;
}

/** 理事会换届选举 (migration 042, features/elections). */
export interface ElectionsTable {
  id: Generated<number>;
  title: string;
  description: Generated<string>;
  seats: number;
  max_choices: number;
  nomination_start: string;
  nomination_end: string;
  voting_start: string;
  voting_end: string;
  /** QuorumType: 1 a number of ballots, 2 a percentage of the roll. */
  quorum_type: number;
  quorum_value: number;
  /** Elected: votes × 100 > threshold_percent × ballots cast. */
  threshold_percent: number;
  /** Level ids "3,7"; '' every level. */
  roll_levels: Generated<string>;
  /** MembershipState values "1,2". */
  roll_standings: string;
  roll_frozen_at: Generated<string>;
  roll_size: Generated<number>;
  candidates_confirmed_at: Generated<string>;
  closed_at: Generated<string>;
  ballot_count: Generated<number>;
  blank_count: Generated<number>;
  chain_head: Generated<string>;
  quorum_met: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface ElectionCandidatesTable {
  id: Generated<number>;
  election_id: number;
  /** 0: entered by staff without a member account. */
  member_id: Generated<number>;
  name: string;
  bio: Generated<string>;
  photo: Generated<string>;
  /** 1 on the ballot, 0 nominated and not accepted. */
  included: Generated<number>;
  sort_number: Generated<number>;
  /** Written at close. */
  votes: Generated<number>;
  elected: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface ElectionNominationsTable {
  election_id: number;
  nominator_id: number;
  candidate_id: number;
  created_at: string;
}

/** Who may vote and whether they have; never what (election_ballots). */
export interface ElectionVotersTable {
  election_id: number;
  member_id: number;
  member_name: string;
  account: string;
  level_id: number;
  membership_state: number;
  voted: Generated<number>;
}

/** What was voted; never who, nor when. */
export interface ElectionBallotsTable {
  election_id: number;
  /** Random, 32 hex digits: the voter's receipt code. */
  id: string;
  /** Candidate ids ascending, comma-separated; '' blank. */
  choices: string;
  /** The chain, written at close in id order. */
  prev_hash: Generated<string>;
  hash: Generated<string>;
}

/** Rate-limit counters shared by every instance (PostgreSQL: migration 016) or worker process (SQLite: 017). */
export interface RateLimitCountersTable {
  key: string;
  hits: number;
  /** Epoch milliseconds. */
  resets_at: number;
}

export interface ApiTokensTable {
  id: Generated<number>;
  name: string;
  /** sha256 of the token; the token itself is never stored. */
  token_hash: string;
  role_id: number;
  remark: Generated<string>;
  created_by: Generated<string>;
  created_at: string;
  last_used_at: Generated<string>;
  /** '' while the token is valid. */
  revoked_at: Generated<string>;
}

/** Default menu entries (by permission) the seed has inserted once. */
export interface SystemMenuDefaultsTable {
  perms: string;
}

/** Every sign-in attempt, back office and members (migration 022, features/system/audit/login-log.ts). */
export interface LoginLogsTable {
  id: Generated<number>;
  /** 'admin' or 'member'. */
  kind: string;
  account: string;
  user_id: number | null;
  /** 1 success, 0 failure. */
  result: number;
  detail: string;
  ip: string;
  user_agent: string;
  created_at: string;
  /** Its link in the log's keyed hash chain (features/system/audit/chain.ts); '' before the chain began. */
  chain: Generated<string>;
}

/** An admin's authenticator (migration 021, features/system/two-factor/service.ts). */
export interface AdminSecondFactorsTable {
  admin_id: number;
  /** Base32, as the authenticator app was given it. */
  secret: string;
  /** 0 while enrolment waits for its first code, 1 on. */
  enabled: Generated<number>;
  /** The last 30-second step a code was accepted for. */
  last_step: Generated<number>;
  created_at: string;
}

export interface AdminRecoveryCodesTable {
  id: Generated<number>;
  admin_id: number;
  /** sha256 of the normalised code. */
  code_hash: string;
  /** When it was used (a used code is kept, to tell a second try from a wrong code); '' while unused. */
  used_at: Generated<string>;
}

/** Between a right password and the second factor (features/system/two-factor/sign-in-challenges.ts). */
export interface SignInChallengesTable {
  /** sha256 of the ticket. */
  ticket_hash: string;
  admin_id: number;
  failures: Generated<number>;
  /** 1 while one attempt checks its code. */
  claimed: Generated<number>;
  expires_at: string;
}

/** 表单与问卷, 投票 (migration 044, features/forms). */
export interface FormsTable {
  id: Generated<number>;
  title: string;
  description: Generated<string>;
  /** 'form' | 'survey' | 'vote'. */
  kind: string;
  /** 'public' | 'members' | 'levels' | 'standing'; levels as "3,7". */
  audience: string;
  levels: Generated<string>;
  /** CST; '' no bound. */
  open_time: Generated<string>;
  close_time: Generated<string>;
  once_per_member: Generated<number>;
  anonymous: Generated<number>;
  /** 0 no limit. */
  response_limit: Generated<number>;
  publish_summary: Generated<number>;
  /** Votes: 'during' | 'after'. */
  results_visible: Generated<string>;
  /** 1 open, 0 closed. */
  status: Generated<number>;
  /** FormField[] as JSON. */
  definition: string;
  version: Generated<number>;
  response_count: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** One response; member_id 0 and ip '' for anonymous forms (a visitor has member_id 0). */
export interface FormResponsesTable {
  id: Generated<number>;
  form_id: number;
  form_version: number;
  member_id: Generated<number>;
  member_level_id: Generated<number>;
  region: Generated<string>;
  ip: Generated<string>;
  /** FormAnswers as JSON. */
  answers: string;
  created_at: string;
}

/** Who has responded to a form taking one response per member; nothing that joins them to the response. */
export interface FormRespondentsTable {
  form_id: number;
  member_id: number;
}

/** The free-text answers (text, textarea, phone, email), for search and paging. */
export interface FormTextsTable {
  response_id: number;
  form_id: number;
  field_key: string;
  text: string;
  created_at: string;
}
