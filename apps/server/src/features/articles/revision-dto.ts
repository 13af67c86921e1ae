import type { NewsRevisionDto, NewsRevisionListItemDto, RevisionKind } from '@portal/shared';
import { assetUrl } from '../../http/assets.js';
import type { ArticleFields, Revision, RevisionListItem } from './revisions.js';

export function toNewsRevisionListItemDto(r: RevisionListItem): NewsRevisionListItemDto {
  return {
    RevisionId: r.id,
    NewsId: r.news_id,
    Version: r.version,
    RevisionNo: r.number,
    Kind: r.kind as RevisionKind,
    Summary: r.summary,
    RestoredFrom: r.restored_from,
    ProofreadNote: r.proofread_note,
    AdminId: r.admin_id,
    AdminAccount: r.admin_account,
    AdminName: r.admin_name,
    MemberId: r.member_id,
    MemberName: r.member_name,
    Title: r.title,
    CreateTime: r.created_at,
  };
}

export function toNewsRevisionDto(r: Revision, assetBaseUrl: string): NewsRevisionDto {
  return { ...toNewsRevisionListItemDto(r), ...toArticleFieldsDto(r, assetBaseUrl), MenuName: r.menu_name };
}

/** An article's copied fields under their wire names: a revision's, or the version a review reads (features/review). */
export function toArticleFieldsDto(f: ArticleFields, assetBaseUrl: string) {
  return {
    MenuId: f.menu_id,
    Title: f.title,
    ImageUrl: assetUrl(assetBaseUrl, f.image_url),
    NewContent: f.content,
    Status: f.status,
    IsTop: f.is_top === 1,
    IsMemberRead: f.is_member_read === 1,
    NewsCreateTime: f.news_create_time,
    OfflineTime: f.offline_at,
    Author: f.author,
  };
}
