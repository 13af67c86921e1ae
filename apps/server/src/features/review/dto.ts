import type { Kysely } from 'kysely';
import {
  ReviewKind,
  ReviewState,
  type ContributionChainStepDto,
  type MenuReviewFlowDto,
  type ReviewDecisionDto,
  type ReviewDto,
  type ReviewedVersionDto,
  type ReviewListItemDto,
  type ReviewStepDto,
  type StepDecision,
} from '@portal/shared';
import type { DB } from '../../db/schema.js';
import { toArticleFieldsDto } from '../articles/revision-dto.js';
import { articleFields, type ArticleFields } from '../articles/revisions.js';
import type { AdminPrincipal } from '../system/auth/access.js';
import { staffedReviewerRoles, type ReviewStep } from './flows.js';
import type { ReviewDecisionRow } from './queue.js';
import { currentStep, judge, loadReview, type Review } from './records.js';
import { pendingReview } from './submit.js';
import { reviewSubject, type SubjectVersion } from './subjects.js';

/** The review feature's answers, in the wire's PascalCase. */

/** A deleted role still named by a step (the step is then blocked unless another of its roles can decide). */
const DELETED_ROLE = '（已删除的角色）';

/** Turns steps into their DTOs, reading the roles' names and who can review once for all of them. */
export async function stepDtos(db: Kysely<DB>, steps: readonly ReviewStep[]): Promise<ReviewStepDto[]> {
  const roleIds = [...new Set(steps.flatMap((s) => s.roleIds))];
  const [roles, staffed] = await Promise.all([
    roleIds.length ? db.selectFrom('roles').select(['id', 'name']).where('id', 'in', roleIds).execute() : [],
    staffedReviewerRoles(db),
  ]);
  const names = new Map(roles.map((r) => [r.id, r.name]));
  return steps.map((s) => ({
    Name: s.name,
    RoleIds: s.roleIds,
    RoleNames: s.roleIds.map((id) => names.get(id) ?? DELETED_ROLE),
    NoSelfReview: s.noSelfReview,
    Blocked: !s.roleIds.some((id) => staffed.has(id)),
  }));
}

export function toMenuReviewFlowDto(menuId: number, owner: { id: number; name: string } | undefined, steps: ReviewStepDto[]): MenuReviewFlowDto {
  const own = owner?.id === menuId;
  return { MenuId: menuId, Own: own, InheritedFrom: owner && !own ? { MenuId: owner.id, MenuName: owner.name } : null, Steps: steps };
}

export function toReviewListItemDto(r: Review): ReviewListItemDto {
  return {
    ReviewId: r.id,
    NewsId: r.newsId,
    Kind: r.kind,
    State: r.state,
    Title: r.title,
    MenuId: r.menuId,
    MenuName: r.menuName,
    Author: r.authorName,
    AuthorName: r.authorFullName || r.authorName,
    StepNo: r.stepNo,
    StepCount: r.steps.length,
    StepName: currentStep(r).name,
    SubmitTime: r.submittedAt,
    DecideTime: r.decidedAt,
  };
}

export const toReviewDecisionDto = (d: ReviewDecisionRow): ReviewDecisionDto => ({
  StepNo: d.step_no,
  StepName: d.step_name,
  Decision: d.decision as StepDecision,
  Opinion: d.opinion,
  AdminAccount: d.admin_account,
  AdminName: d.admin_name,
  Override: d.override_reason,
  CreateTime: d.created_at,
});

/** GetReview/{id}: the review whole, as the caller may act on it. */
export async function toReviewDto(
  db: Kysely<DB>,
  r: Review,
  decisions: readonly ReviewDecisionRow[],
  caller: AdminPrincipal,
  assetBaseUrl: string,
): Promise<ReviewDto> {
  const judged = judge(r, caller);
  return {
    ...toReviewListItemDto(r),
    Steps: await stepDtos(db, r.steps),
    Decisions: decisions.map(toReviewDecisionDto),
    Version: reviewSubject(r.kind) ? subjectReading(r) : reading(r.version, r.menuName, assetBaseUrl),
    Live: await liveVersion(db, r, assetBaseUrl),
    CanDecide: judged.canDecide,
    NeedsOverride: judged.needsOverride,
    Why: judged.why,
  };
}

/** An article as the reviewers read it: status and take-down time are the publishing's, not the text's. */
function reading(fields: ArticleFields, menuName: string, assetBaseUrl: string): ReviewedVersionDto {
  const { Status: _status, OfflineTime: _offline, ...version } = toArticleFieldsDto(fields, assetBaseUrl);
  return { ...version, MenuName: menuName };
}

/** A subject's version (a reply) in the 审批单's shape: its title, its text as the content, who wrote it, when it was submitted. */
function subjectReading(r: Review): ReviewedVersionDto {
  const version = r.version as unknown as SubjectVersion;
  return {
    Title: version.title,
    MenuId: r.menuId,
    MenuName: r.menuName,
    ImageUrl: '',
    NewContent: version.content,
    Author: version.author,
    NewsCreateTime: r.submittedAt,
    IsTop: false,
    IsMemberRead: false,
  };
}

/** A pending edit's live article, which approval replaces: what the reviewers compare the edit with (null for anything else). */
async function liveVersion(db: Kysely<DB>, r: Review, assetBaseUrl: string): Promise<ReviewedVersionDto | null> {
  if (r.kind !== ReviewKind.Edit || r.state !== ReviewState.Pending) return null;
  const live = await articleFields(db, r.newsId);
  if (!live) return null;
  const menu = await db.selectFrom('menus').select('name').where('id', '=', live.menu_id).executeTakeFirst();
  return reading(live, menu?.name ?? '', assetBaseUrl);
}

/** 投稿审核's view of a contribution's chain: the step it waits at and whether the caller may decide it; null outside a chain. */
export async function toContributionChainStepDto(db: Kysely<DB>, newsId: number, caller: AdminPrincipal): Promise<ContributionChainStepDto | null> {
  const pending = await pendingReview(db, newsId);
  if (!pending) return null;
  const review = await loadReview(db, pending.id);
  const judged = judge(review, caller);
  return {
    ReviewId: review.id,
    StepNo: review.stepNo,
    StepCount: review.steps.length,
    StepName: currentStep(review).name,
    CanDecide: judged.canDecide,
    NeedsOverride: judged.needsOverride,
    Why: judged.why,
  };
}
