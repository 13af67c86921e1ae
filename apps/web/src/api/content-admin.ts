import type {
  ProofFindingDto,
  AdminBannerDto,
  AdminBannerListQuery,
  AdminMenuListQuery,
  AdminLinkListQuery,
  AdminNewsListQuery,
  AdminPositionListQuery,
  AdminTypeListQuery,
  BulkNewsResultDto,
  NewsAutosaveDto,
  AdminFriendLinkDto,
  AdminNewsItemDto,
  AdminPositionDto,
  AdminTypeItemDto,
  EditorUploadKind,
  ListDto,
  MenuDto,
  AdminNewsDetailDto,
  PreviewLinkDto,
  SaveBannerBody,
  SaveLinkBody,
  SaveMenuBody,
  SaveNewsBody,
  SaveTypeBody,
  SensitiveWordDto,
  SensitiveWordListQuery,
  ContributionDetailDto,
  ContributionListItemDto,
  ContributionListQuery,
  AuditContributionBody,
  WordsAddedDto,
  SaveWrongWordBody,
  WrongWordDto,
  WrongWordListQuery,
  WrongWordsImportedDto,
  NewsConflictDto,
  NewsRevisionDto,
  NewsRevisionListDto,
} from '@portal/shared';
import { Code, messages } from '@portal/shared';
import type { PageState } from '../components/DataTable';
import { call, exportList, get, post, type CallOptions } from './client';
import type { ListFilters, ListQuery } from './list-query';
import { uploadSheet, type UploadProgress } from './imports';

/** Back-office content calls of spec §7 (/api/XfSysBussiness/), sent with the admin token. */
const base = 'XfSysBussiness/';
const admin: CallOptions = { side: 'admin' };

/** The upload call's path below /api/ (the editor posts to it itself). */
export const uploadPath = `${base}UploadFile`;

export type NewsQuery = ListQuery<AdminNewsListQuery>;
export type PositionQuery = ListQuery<AdminPositionListQuery>;
export type BannerQuery = ListQuery<AdminBannerListQuery>;
export type LinkQuery = ListQuery<AdminLinkListQuery>;
export type ContributionQuery = ListQuery<ContributionListQuery>;
export type WordQuery = ListQuery<SensitiveWordListQuery>;
export type WrongWordQuery = ListQuery<WrongWordListQuery>;
export type TypeQuery = ListQuery<AdminTypeListQuery, 'type'>;

/**
 * SaveNews: the article's id with what the server said of it (已定时发布… · 已提交审核 · 修改已提交审核，
 * 审核通过后生效; '' for a plain 操作成功), or the other side of a save from a stale copy.
 */
/** A save: done (the server's words), or held back by a newer version (Code 409) or by 校对's serious findings (Code 513). */
export type SaveNewsResult =
  | { id: number; said: string; conflict?: never; findings?: never }
  | { conflict: NewsConflictDto; id?: never; said?: never; findings?: never }
  | { findings: ProofFindingDto[]; id?: never; said?: never; conflict?: never };

/** A SaveX body as a form fills it: the server applies the defaults (status 1, sort 0…) to a new record; an edit keeps what is left out. */
type Input<T> = Partial<T>;

export const contentAdminApi = {
  /** Menus under `parentid` (0: the top level), each with its whole subtree, hidden ones included. */
  menus: (query: ListQuery<AdminMenuListQuery>) => get<ListDto<MenuDto>>(`${base}GetMenuList`, query, admin),
  /** Type null: by level (1 at the top, 2 below). */
  saveMenu: (menu: Input<Omit<SaveMenuBody, 'Type'>> & { Type?: SaveMenuBody['Type'] | null }) => post<number>(`${base}SaveMenu`, menu, admin),
  deleteMenu: (MenuId: number) => post<null>(`${base}DelMenu`, { MenuId }, admin),

  news: (query: NewsQuery) => get<ListDto<AdminNewsItemDto>>(`${base}GetNewsList`, query, admin),
  exportNews: (filters: ListFilters<AdminNewsListQuery>) => exportList(`${base}ExportNewsList`, '文章列表.xlsx', filters),
  newsDetail: (newsid: number) => get<AdminNewsDetailDto>(`${base}GetNewsDetail`, { newsid }, admin),
  previewLink: (newsid: number) => get<PreviewLinkDto>(`${base}GetNewsPreviewLink`, { newsid }, admin),
  /** 收回预览链接: every link of the article made so far stops working. */
  revokePreviews: (NewsId: number) => post<null>(`${base}RevokeNewsPreviews`, { NewsId }, admin),
  /** With the Version the editor opened, Code 409 (文章已被他人修改) comes back as `conflict` for the dialog to show. */
  saveNews: (news: Input<SaveNewsBody>) =>
    call<number | NewsConflictDto | ProofFindingDto[]>(
      { method: 'POST', url: `${base}SaveNews`, data: news },
      { ...admin, passCodes: [Code.Conflict, Code.ProofreadFindings] },
    ).then((r): SaveNewsResult => {
      if (r.Code === Code.Conflict) return { conflict: r.Data as NewsConflictDto };
      if (r.Code === Code.ProofreadFindings) return { findings: r.Data as ProofFindingDto[] };
      return { id: r.Data as number, said: r.Message === messages.ok ? '' : r.Message };
    }),
  /** 校对 of an article as the editor holds it (saved or not): wrong and sensitive words, serious first. */
  checkArticleText: (Title: string, Content: string) => post<ProofFindingDto[]>(`${base}CheckArticleText`, { Title, Content }, { ...admin, silent: true }),
  revisions: (newsid: number, query: PageState) => get<NewsRevisionListDto>(`${base}GetNewsRevisionList`, { newsid, ...query }, admin),
  revision: (id: number) => get<NewsRevisionDto>(`${base}GetNewsRevision/${id}`, undefined, admin),
  restoreRevision: (RevisionId: number, Version: number) => post<number>(`${base}RestoreNewsRevision`, { RevisionId, Version }, admin),
  deleteNews: (ids: number[]) => post<number>(`${base}DelNews`, { NewsId: ids }, admin),
  /** The editor's autosave (null: none newer than the article's last save). */
  newsAutosave: (newsid: number) => get<NewsAutosaveDto | null>(`${base}GetNewsAutosave`, { newsid }, admin),
  /**
   * Autosaves the editor's form, silently (the dialog warns in its own words). `leaving`: the
   * page is being left, so the request is sent with keepalive to outlive it (browsers allow
   * that to bodies under 64 KB; a larger one goes as usual, and may be cut off).
   */
  saveNewsAutosave: (NewsId: number, Form: string, leaving = false) =>
    call<string>(
      {
        method: 'POST',
        url: `${base}SaveNewsAutosave`,
        data: { NewsId, Form },
        ...(leaving && Form.length < 60_000 ? { adapter: 'fetch', fetchOptions: { keepalive: true } } : {}),
      },
      { ...admin, silent: true },
    ),
  dropNewsAutosave: (newsid: number) => call<null>({ method: 'POST', url: `${base}DelNewsAutosave`, params: { newsid } }, { ...admin, silent: true }),
  /** 批量发布: the server's words (已发布2篇…) and the articles it left, with their reasons. */
  publishNews: (ids: number[]) =>
    call<BulkNewsResultDto>({ method: 'POST', url: `${base}PublishNews`, data: { NewsId: ids } }, admin).then((r) => ({
      said: r.Message,
      skipped: r.Data.Skipped ?? [],
    })),
  /** The other bulk actions answer the server's words (已下线2篇…) for the toast. */
  offlineNews: (ids: number[]) => call<BulkNewsResultDto>({ method: 'POST', url: `${base}OfflineNews`, data: { NewsId: ids } }, admin).then((r) => r.Message),
  moveNews: (ids: number[], MenuId: number) =>
    call<BulkNewsResultDto>({ method: 'POST', url: `${base}MoveNews`, data: { NewsId: ids, MenuId } }, admin).then((r) => r.Message),

  positions: (query: PositionQuery) => get<ListDto<AdminPositionDto>>(`${base}GetNewPositionList`, query, admin),
  placeArticles: (Seat: number, ids: number[]) => post<number>(`${base}SaveSelectPosition`, { Seat, NewsId: ids }, admin),
  setPositionSort: (Id: number, SortNumber: number) => post<null>(`${base}UpdateSortNumber`, { Id, SortNumber }, admin),
  setPositionStatus: (Id: number, Status: number) => post<null>(`${base}EditNewPositionStatus`, { Id, Status }, admin),
  removePositions: (ids: number[]) => post<number>(`${base}DelNewPosition`, { Id: ids }, admin),

  banners: (query: BannerQuery) => get<ListDto<AdminBannerDto>>(`${base}GetBannerList`, query, admin),
  saveBanner: (banner: Input<SaveBannerBody>) => post<number>(`${base}SaveBanner`, banner, admin),
  deleteBanner: (Id: number) => post<null>(`${base}DelBanner`, { Id }, admin),

  links: (query: LinkQuery) => get<ListDto<AdminFriendLinkDto>>(`${base}GetWebFriendlinksList`, query, admin),
  saveLink: (link: Input<SaveLinkBody>) => post<number>(`${base}SaveWebFriendlinks`, link, admin),
  deleteLink: (Id: number) => post<null>(`${base}DelWebFriendlinks`, { Id }, admin),

  types: (query: TypeQuery) => get<ListDto<AdminTypeItemDto>>(`${base}GetTypeList`, query, admin),
  saveType: (type: Input<SaveTypeBody>) => post<number>(`${base}SaveType`, type, admin),
  deleteType: (Id: number) => post<null>(`${base}DelType`, { Id }, admin),

  contributions: (query: ContributionQuery) => get<ListDto<ContributionListItemDto>>(`${base}GetContributionList`, query, admin),
  exportContributions: (filters: ListFilters<ContributionListQuery>) => exportList(`${base}ExportContributionList`, '投稿列表.xlsx', filters),
  contribution: (id: number) => get<ContributionDetailDto>(`${base}GetContribution/${id}`, undefined, admin),
  /** OverrideReason (a super administrator deciding a review chain's step outside its rules) defaults to none. */
  auditContribution: (body: Omit<AuditContributionBody, 'OverrideReason'> & Partial<Pick<AuditContributionBody, 'OverrideReason'>>) =>
    post<number>(`${base}AuditContribution`, body, admin),

  words: (query: WordQuery) => get<ListDto<SensitiveWordDto>>(`${base}GetSensitiveWordList`, query, admin),
  /** Words one a line. */
  addWords: (Words: string) => post<WordsAddedDto>(`${base}SaveSensitiveWords`, { Words }, admin),
  importWords: (file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return post<WordsAddedDto>(`${base}ImportSensitiveWords`, form, admin);
  },
  deleteWords: (Ids: number[]) => post<null>(`${base}DelSensitiveWords`, { Ids }, admin),

  /** 易错词: the dictionary of wrong → right forms 校对 checks against. */
  wrongWords: (query: WrongWordQuery) => get<ListDto<WrongWordDto>>(`${base}GetWrongWordList`, query, admin),
  /** Id 0 adds; on an edit a field left out keeps its stored value. */
  saveWrongWord: (word: Input<SaveWrongWordBody>) => post<number>(`${base}SaveWrongWord`, word, admin),
  deleteWrongWords: (Ids: number[]) => post<null>(`${base}DelWrongWord`, { Ids }, admin),
  /** The good rows imported, the rest named in Notes; answers the server's message with the counts. Silent: the caller shows a refusal. */
  importWrongWords: (file: File, progress: UploadProgress) =>
    uploadSheet<WrongWordsImportedDto>(`${base}ImportWrongWords`, file, progress).then((r) => ({ message: r.Message, result: r.Data })),
  exportWrongWords: (filters: ListFilters<WrongWordListQuery>) => exportList(`${base}ExportWrongWords`, '易错词.xlsx', filters),

  /** Stores one file; resolves to its path ('/uploads/…'). A refusal is left to the caller to show. */
  upload: (file: Blob, kind: EditorUploadKind, filename?: string) => {
    const form = new FormData();
    form.append('file', file, filename ?? (file instanceof File ? file.name : 'blob'));
    return call<string>({ method: 'POST', url: uploadPath, params: { kind }, data: form }, { ...admin, silent: true }).then((r) => r.Data);
  },
};
