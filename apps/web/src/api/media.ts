import type { ListDto, UploadDto, UploadListQuery } from '@portal/shared';
import { get, post, type CallOptions } from './client';
import type { ListQuery } from './list-query';

const base = 'XfSysBussiness/';
const admin: CallOptions = { side: 'admin' };

export type MediaQuery = ListQuery<UploadListQuery>;

/** 媒体库's upload call below /api/: UploadFile's checks, and the file stays in the library (the page posts to it itself). */
export const libraryUploadPath = `${base}UploadLibraryFile`;

/** 媒体库: the public uploads, where each is used, and deleting an unused one. */
export const mediaApi = {
  uploads: (query: MediaQuery) => get<ListDto<UploadDto>>(`${base}GetUploadList`, query, admin),
  deleteUpload: (id: number) => post<null>(`${base}DelUpload/${id}`, undefined, admin),
};
