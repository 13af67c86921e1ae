import type { Kysely, Migration, MigrationProvider } from 'kysely';
import type { Engine } from '../connection.js';
import type { IdNumberSeal } from '../sealed-id-numbers.js';
import { content } from './001-content.js';
import { system } from './002-system.js';
import { members } from './003-members.js';
import { contentAdmin } from './004-content-admin.js';
import { signInGuard } from './005-sign-in-guard.js';
import { contributions } from './007-contributions.js';
import { sensitiveWords } from './008-sensitive-words.js';
import { latestByMenu } from './010-latest-by-menu.js';
import { uploads } from './011-uploads.js';
import { certificates } from './012-certificates.js';
import { activities } from './013-activities.js';
import { apiTokens } from './014-api-tokens.js';
import { credentialKeys } from './015-credential-keys.js';
import { severalInstances } from './016-several-instances.js';
import { clusterWorkers } from './017-cluster-workers.js';
import { searchOrder } from './018-search-order.js';
import { postgresSearch } from './019-postgres-search.js';
import { searchGrams } from './020-search-grams.js';
import { twoFactor } from './021-two-factor.js';
import { loginLog } from './022-login-log.js';
import { publishing } from './023-publishing.js';
import { revisions } from './024-revisions.js';
import { siteSecrets } from './025-site-secrets.js';
import { autosaves } from './026-autosaves.js';
import { review } from './027-review.js';
import { memorialDays } from './028-memorial-days.js';
import { membership } from './029-membership.js';
import { credentialStatus } from './031-credential-status.js';
import { activityAttendance } from './032-activity-attendance.js';
import { mailAttachments } from './033-mail-attachments.js';
import { attendanceCertificates } from './034-attendance-certificates.js';
import { previewGenerations } from './035-preview-generations.js';
import { statusListSignings } from './036-status-list-signings.js';
import { autosaveOwners } from './037-autosave-owners.js';
import { cardIssued } from './038-card-issued.js';
import { memberInitialPasswords } from './039-member-initial-passwords.js';
import { venueCodeRotation } from './040-venue-code-rotation.js';
import { recoveryCodeUse } from './041-recovery-code-use.js';
import { elections } from './042-elections.js';
import { forms } from './044-forms.js';
import { revisionNumbers } from './045-revision-numbers.js';
import { siteSettings } from './046-site-settings.js';
import { activitySignUpForms } from './047-activity-sign-up-forms.js';
import { workCalendar } from './048-work-calendar.js';
import { messageBoard } from './049-messages.js';
import { reviewedReplies } from './050-reviewed-replies.js';
import { mailings } from './051-mailings.js';
import { inbox } from './052-inbox.js';
import { systemMails } from './053-system-mails.js';
import { mailBounces } from './054-mail-bounces.js';
import { smsLog } from './055-sms-log.js';
import { mailOpens } from './056-mail-opens.js';
import { privacyPolicies } from './057-privacy-policies.js';
import { logChains } from './058-log-chains.js';
import { privacyConsents } from './059-privacy-consents.js';
import { passwordExpiry } from './060-password-expiry.js';
import { rightsRequests } from './061-rights-requests.js';
import { addressGroups } from './062-address-groups.js';
import { sealedIdNumbers } from './063-sealed-id-numbers.js';
import { holderRightsRequests } from './064-holder-rights-requests.js';
import { visitStatistics } from './065-visit-statistics.js';
import { wrongWords } from './066-wrong-words.js';
import { columnFreshness } from './067-column-freshness.js';
import { proofreadConfirmations } from './068-proofread-confirmations.js';
import { linkChecks } from './069-link-checks.js';
import { availability } from './070-availability.js';

/** What a migration may need besides the engine: the seal of ID numbers, whose keys are not in the database. */
export interface MigrationContext {
  idNumbers: IdNumberSeal;
}

/** A migration that may need to know the engine (serial vs autoincrement, FTS vs trigram). */
export type EngineMigration = (engine: Engine, context: MigrationContext) => Migration;

/** Ordered by name; add new files at the end and never edit a migration that has shipped. */
const all: Record<string, EngineMigration> = {
  '001-content': content,
  '002-system': system,
  '003-members': members,
  '004-content-admin': contentAdmin,
  '005-sign-in-guard': signInGuard,
  '007-contributions': contributions,
  '008-sensitive-words': sensitiveWords,
  '010-latest-by-menu': latestByMenu,
  '011-uploads': uploads,
  '012-certificates': certificates,
  '013-activities': activities,
  '014-api-tokens': apiTokens,
  '015-credential-keys': credentialKeys,
  '016-several-instances': severalInstances,
  '017-cluster-workers': clusterWorkers,
  '018-search-order': searchOrder,
  '019-postgres-search': postgresSearch,
  '020-search-grams': searchGrams,
  '021-two-factor': twoFactor,
  '022-login-log': loginLog,
  '023-publishing': publishing,
  '024-revisions': revisions,
  '025-site-secrets': siteSecrets,
  '026-autosaves': autosaves,
  '027-review': review,
  '028-memorial-days': memorialDays,
  '029-membership': membership,
  '031-credential-status': credentialStatus,
  '032-activity-attendance': activityAttendance,
  '033-mail-attachments': mailAttachments,
  '034-attendance-certificates': attendanceCertificates,
  '035-preview-generations': previewGenerations,
  '036-status-list-signings': statusListSignings,
  '037-autosave-owners': autosaveOwners,
  '038-card-issued': cardIssued,
  '039-member-initial-passwords': memberInitialPasswords,
  '040-venue-code-rotation': venueCodeRotation,
  '041-recovery-code-use': recoveryCodeUse,
  '042-elections': elections,
  '044-forms': forms,
  '045-revision-numbers': revisionNumbers,
  '046-site-settings': siteSettings,
  '047-activity-sign-up-forms': activitySignUpForms,
  '048-work-calendar': workCalendar,
  '049-messages': messageBoard,
  '050-reviewed-replies': reviewedReplies,
  '051-mailings': mailings,
  '052-inbox': inbox,
  '053-system-mails': systemMails,
  '054-mail-bounces': mailBounces,
  '055-sms-log': smsLog,
  '056-mail-opens': mailOpens,
  '057-privacy-policies': privacyPolicies,
  '058-log-chains': logChains,
  '059-privacy-consents': privacyConsents,
  '060-password-expiry': passwordExpiry,
  '061-rights-requests': rightsRequests,
  '062-address-groups': addressGroups,
  '063-sealed-id-numbers': sealedIdNumbers,
  '064-holder-rights-requests': holderRightsRequests,
  '065-visit-statistics': visitStatistics,
  '066-wrong-words': wrongWords,
  '067-column-freshness': columnFreshness,
  '068-proofread-confirmations': proofreadConfirmations,
  '069-link-checks': linkChecks,
  '070-availability': availability,
};

/** Every migration this build knows, in order (readiness checks they are all applied). */
export const migrationNames: readonly string[] = Object.keys(all).sort();

export function migrationProvider(engine: Engine, context: MigrationContext): MigrationProvider {
  return {
    async getMigrations() {
      return Object.fromEntries(Object.entries(all).map(([name, m]) => [name, m(engine, context)]));
    },
  };
}

export type AnyDb = Kysely<unknown>;
