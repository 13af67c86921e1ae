import type { ContributionMenuDto, ListDto, MyNewsItemDto, NewsDetailDto, SaveContributionBody } from '@portal/shared';
import { call, get, post } from './client';

/** The contribution centre's calls (spec §7 GetMyNewsList, SaveNews), with the member token. */
const base = 'XfWebApi/';

/** The member's picture upload (covers and the editor's pictures), below /api/. */
export const contributionUploadPath = `${base}UploadContributionImage`;

export const contributionsApi = {
  mine: (pageindex: number, pagesize: number) => get<ListDto<MyNewsItemDto>>(`${base}GetMyNewsList`, { pageindex, pagesize }),
  menus: () => get<ContributionMenuDto[]>(`${base}GetContributionMenus`),
  /** The author's own article, unpublished ones included, whole. */
  article: (newsid: number) => get<NewsDetailDto>(`${base}GetNewsDetail`, { newsid }),
  save: (body: Partial<SaveContributionBody>) => post<number>(`${base}SaveNews`, body),
  /** Stores one picture; resolves to its path. A refusal is left to the caller to show. */
  uploadImage: (file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return call<string>({ method: 'POST', url: contributionUploadPath, data: form }, { silent: true }).then((r) => r.Data);
  },
};
