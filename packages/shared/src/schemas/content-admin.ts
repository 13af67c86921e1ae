import { z } from 'zod';
import { seats } from '../constants.js';
import { contentMessages, messages, systemMessages } from '../messages/index.js';
import { ArticleStatus, MenuShowType } from '../status.js';
import {
  boolField,
  flagField,
  flagValue,
  idParam,
  integer,
  integerOr,
  intParam,
  optionalParam,
  optionalText,
  pagingQuery,
  requiredText,
  saveIdField,
  sortNumberField,
  sortNumberValue,
} from './common.js';
export type {
  PreviewLinkDto,
  NewsAutosaveDto,
  BulkNewsResultDto,
  AdminNewsItemDto,
  AdminNewsDetailDto,
  AdminPositionDto,
  AdminBannerDto,
  AdminFriendLinkDto,
  AdminTypeItemDto,
} from '../dto/content-admin.js';

/**
 * Forms and wire shapes of the back-office content calls (/api/XfSysBussiness/: menus,
 * articles, home positions, banners, friendly links, type lists). The server validates with
 * these schemas and the web forms reuse them, so both speak the same Chinese messages.
 * Menus and article details travel as the public shapes (MenuDto, NewsDetailDto).
 */

/**
 * An address opened from the site: http(s), or a path of the site itself. A site path is one
 * `/` followed by neither `/` nor `\` (browsers open `//host` and `/\host` as another host), and
 * no address holds a backslash, a control character, or one percent-encoded (`%0a`, `%00`).
 */
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const webAddress = /^https?:\/\/[^\s<>"\\\x00-\x1f\x7f]+$/i;
// eslint-disable-next-line no-control-regex -- as above
const sitePath = /^\/(?![/\\])[^\s<>"\\\x00-\x1f\x7f]*$/;
const encodedControl = /%(?:[01][0-9a-f]|7f)/i;
const isWebAddress = (url: string) => webAddress.test(url) && !encodedControl.test(url);
const isWebOrSitePath = (url: string) => (webAddress.test(url) || sitePath.test(url)) && !encodedControl.test(url);
const address = (accepts: (url: string) => boolean, message: string, field: string) =>
  optionalText(field, 500).refine((url) => url === '' || accepts(url), { error: message });

/** One id or several: a number, an array of numbers, or '1,2,3' (batch deletes and placements). */
const idList = (required: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter((s) => s.trim() !== '') : typeof v === 'number' ? [v] : v),
    z
      .array(integer(messages.badParameter, { min: 1 }), { error: required })
      .min(1, { error: required })
      .max(1000, { error: messages.badParameter })
      .transform((ids) => [...new Set(ids)]),
  );

// ——— Menus (栏目) ———

export const saveMenuBody = z.object({
  MenuId: saveIdField,
  /** 0 for a top-level menu. */
  ParentId: integerOr(0, messages.badParameter, { min: 0 }),
  Name: requiredText(contentMessages.menuNameRequired, '栏目名称', 100),
  Status: flagField(1),
  ShowType: integer(contentMessages.showTypeInvalid)
    .pipe(z.union([z.literal(MenuShowType.List), z.literal(MenuShowType.SinglePage)], { error: contentMessages.showTypeInvalid }))
    .default(MenuShowType.List),
  /**
   * 1 a menu of the top bar, 2 a leaf inside a submenu (spec §3). Blank or null, or absent on a
   * new menu: by level, 1 at the top and 2 below (absent on an edit keeps the menu's type).
   */
  Type: optionalParam(integer(contentMessages.menuTypeInvalid).pipe(z.union([z.literal(1), z.literal(2)], { error: contentMessages.menuTypeInvalid }))),
  WebUrl: address(isWebOrSitePath, contentMessages.webOrSitePath, '外部链接'),
  CurValue: optionalText('标识', 50),
  SortNumber: sortNumberField,
  /** Members may contribute articles to this menu. */
  AcceptsContributions: boolField,
});
export type SaveMenuBody = z.infer<typeof saveMenuBody>;

export const adminMenuListQuery = pagingQuery.extend({
  /** The level listed: absent, 0 or negative the top level; a menu id its children. Each entry carries its whole subtree. */
  parentid: optionalParam(intParam),
});
export type AdminMenuListQuery = z.infer<typeof adminMenuListQuery>;

export const menuIdQuery = z.object({ menuid: idParam });
export const delMenuBody = z.object({ MenuId: integer(messages.badParameter, { min: 1 }) });

// ——— Articles (文章) ———

/** 'yyyy-MM-dd HH:mm:ss'; a date alone or minutes without seconds are completed. Absent or blank: ''. */
const cstTime = (invalid: string) =>
  z
    .string({ error: invalid })
    .trim()
    .default('')
    .transform((t, ctx) => {
      if (t === '') return '';
      const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(t);
      const [year, month, day, hour = '00', minute = '00', second = '00'] = m ? m.slice(1) : [];
      const parsed = m && new Date(Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second)));
      if (
        !parsed ||
        parsed.getUTCDate() !== Number(day) ||
        parsed.getUTCMonth() !== Number(month) - 1 ||
        Number(hour) > 23 ||
        Number(minute) > 59 ||
        Number(second) > 59
      ) {
        ctx.addIssue({ code: 'custom', message: invalid });
        return z.NEVER;
      }
      return `${year}-${month}-${day} ${hour}:${minute}:${second}`;
    });
/** Blank: now for a new article, unchanged for an edit. A time still to come schedules the article (待发布). */
const publishTime = cstTime(contentMessages.publishTimeInvalid);

const articleStatuses: number[] = Object.values(ArticleStatus);

export const saveNewsBody = z.object({
  NewsId: saveIdField,
  MenuId: integer(messages.menuRequired, { min: 1 }),
  Title: requiredText(messages.titleRequired, '标题', 200),
  /** Rich text; sanitised on the server before it is stored. */
  NewContent: z.string({ error: messages.badParameter }).default(''),
  /** The cover: an uploaded path ('/uploads/…') or an http(s) address. */
  ImageUrl: address(isWebOrSitePath, contentMessages.webOrSitePath, '封面图片'),
  /**
   * The editor offers 1 正常 (待发布 while the publish time is to come), 5 草稿 and 0 停用; 2 and 3
   * are the review states of contributions; 4 is kept as 1 (the server decides by the time).
   */
  Status: integer(contentMessages.articleStatusInvalid)
    .refine((s) => articleStatuses.includes(s), { error: contentMessages.articleStatusInvalid })
    .default(ArticleStatus.Published),
  IsTop: boolField,
  IsMemberRead: boolField,
  NewsCreateTime: publishTime,
  /** 定时下线: when the article is taken down (status 0) by the server; blank for never. */
  OfflineTime: cstTime(contentMessages.offlineTimeInvalid),
  Author: optionalText('作者', 100),
  /** The Version the editor opened (GetNewsDetail); absent: no check. A stale one answers Code 409. */
  Version: optionalParam(integer(messages.badParameter, { min: 0 })),
  /**
   * The editor saw 校对's serious findings (严重错别字, 敏感词) and saves anyway; without it such a
   * save answers Code 513 with the findings. Recorded in the revision; never stored on the article.
   */
  ProofreadConfirmed: boolField,
});
export type SaveNewsBody = z.infer<typeof saveNewsBody>;

const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: systemMessages.dateInvalid });

export const adminNewsListQuery = pagingQuery.extend({
  /** Part of the title. */
  key: z.string().trim().optional(),
  /** A menu: its articles and those of every menu below it. */
  menuid: optionalParam(idParam),
  status: optionalParam(intParam),
  istop: optionalParam(integer(messages.badParameter, { min: 0, max: 1 })),
  ismemberread: optionalParam(integer(messages.badParameter, { min: 0, max: 1 })),
  /** First and last CST day of the publish time (NewsCreateTime), both included. */
  start: optionalParam(day),
  end: optionalParam(day),
});
export type AdminNewsListQuery = z.infer<typeof adminNewsListQuery>;

export const newsIdQuery = z.object({ newsid: idParam });
/** GetNewsPreviewLink: the article, and how many hours the link works (default 72, at most 30 days). */
export const previewLinkQuery = newsIdQuery.extend({
  hours: optionalParam(integer(messages.badParameter, { min: 1, max: 720 })),
});
/** RevokeNewsPreviews: the article whose preview links all end. */
export const revokeNewsPreviewsBody = z.object({ NewsId: idParam });
/** DelNews: one article or several (NewsId: 5, [5, 6] or '5,6'), deleted together. */
export const delNewsBody = z.object({ NewsId: idList(contentMessages.articlesRequired) });
/** PublishNews, OfflineNews: the articles of a bulk action in 文章管理. */
export const bulkNewsBody = delNewsBody;
/** MoveNews: the articles, and the menu they move to. */
export const moveNewsBody = bulkNewsBody.extend({ MenuId: saveNewsBody.shape.MenuId });
const isJson = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};
/** SaveNewsAutosave: the article editor's form (any shape the client keeps), as JSON; NewsId 0 for a new article. */
export const saveNewsAutosaveBody = z.object({
  NewsId: saveIdField,
  Form: z.string({ error: messages.badParameter }).refine(isJson, { error: messages.badParameter }),
});
/** GetNewsAutosave, DelNewsAutosave: the article (0: a new one). */
export const newsAutosaveQuery = z.object({ newsid: saveIdField });
// ——— Home positions (推荐位) ———

const seat = integer(contentMessages.seatInvalid, { min: Math.min(...seats), max: Math.max(...seats) });
const recordId = integer(messages.badParameter, { min: 1 });

export const adminPositionListQuery = pagingQuery.extend({
  seat: optionalParam(seat),
  /** Part of the article title. */
  key: z.string().trim().optional(),
  status: optionalParam(integer(messages.badParameter, { min: 0, max: 1 })),
});
export type AdminPositionListQuery = z.infer<typeof adminPositionListQuery>;

/** SaveSelectPosition: put articles into a seat; those already in it are left as they are. */
export const saveSelectPositionBody = z.object({ Seat: seat, NewsId: idList(contentMessages.articlesRequired) });
export const updateSortNumberBody = z.object({ Id: recordId, SortNumber: sortNumberValue });
export const editPositionStatusBody = z.object({ Id: recordId, Status: flagValue });
/** DelNewPosition (our addition): take placements out of their seats. */
export const delPositionBody = z.object({ Id: idList(messages.badParameter) });

// ——— Banners (轮播图) ———

export const saveBannerBody = z.object({
  Id: saveIdField,
  /** 2 the home carousel (spec §9). */
  Type: integerOr(2, messages.badParameter, { min: 1, max: 99 }),
  Title: optionalText('标题', 200),
  ImageUrl: requiredText(contentMessages.imageRequired, '图片地址', 500).refine(isWebOrSitePath, { error: contentMessages.webOrSitePath }),
  JumpUrl: address(isWebOrSitePath, contentMessages.webOrSitePath, '跳转地址'),
  SortNumber: sortNumberField,
  Status: flagField(1),
});
export type SaveBannerBody = z.infer<typeof saveBannerBody>;

export const adminBannerListQuery = pagingQuery.extend({
  type: optionalParam(intParam),
  key: z.string().trim().optional(),
  status: optionalParam(integer(messages.badParameter, { min: 0, max: 1 })),
});
export type AdminBannerListQuery = z.infer<typeof adminBannerListQuery>;

export const delByIdBody = z.object({ Id: recordId });

// ——— Friendly links (友情链接) ———

export const saveLinkBody = z.object({
  Id: saveIdField,
  Title: requiredText(contentMessages.linkTitleRequired, '链接名称', 200),
  /** The URL (spec §3 field name). */
  Friendlinks: requiredText(contentMessages.linkUrlRequired, '链接地址', 500).refine(isWebAddress, { error: contentMessages.webOnly }),
  SortNumber: sortNumberField,
  Status: flagField(1),
});
export type SaveLinkBody = z.infer<typeof saveLinkBody>;

export const adminLinkListQuery = pagingQuery.extend({
  key: z.string().trim().optional(),
  status: optionalParam(integer(messages.badParameter, { min: 0, max: 1 })),
});
export type AdminLinkListQuery = z.infer<typeof adminLinkListQuery>;

// ——— Type lists (类型: 1 单位归类, 2 会员等级, 3 其他) ———

const typeKind = integer(contentMessages.typeInvalid).pipe(z.union([z.literal(1), z.literal(2), z.literal(3)], { error: contentMessages.typeInvalid }));

export const adminTypeListQuery = pagingQuery.extend({
  type: typeKind,
  key: z.string().trim().optional(),
  status: optionalParam(integer(messages.badParameter, { min: 0, max: 1 })),
});
export type AdminTypeListQuery = z.infer<typeof adminTypeListQuery>;

export const saveTypeBody = z.object({
  Id: saveIdField,
  Type: typeKind,
  Name: requiredText(contentMessages.typeNameRequired, '名称', 100),
  SortNumber: sortNumberField,
  Status: flagField(1),
});
export type SaveTypeBody = z.infer<typeof saveTypeBody>;

// ——— Uploads ———

/** What UploadFile checks a file as; absent: chosen by the file's extension. */
export const uploadKinds = ['image', 'file', 'media'] as const;
export type EditorUploadKind = (typeof uploadKinds)[number];
export const uploadQuery = z.object({ kind: optionalParam(z.enum(uploadKinds, { error: messages.badParameter })) });
