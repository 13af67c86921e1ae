import type { ListDto, UploadDto, UploadListQuery } from '@portal/shared';
import { get, post, type CallOptions } from './client';
import type { ListQuery } from './list-query';

const base = 'XfSysBussiness/';
const admin: CallOptions = { side: 'admin' };

export type MediaQuery = ListQuery<UploadListQuery>;

/** 媒体库: the public uploads, where each is used, and deleting an unused one. */
export const mediaApi = {
  uploads: (query: MediaQuery) => get<ListDto<UploadDto>>(`${base}GetUploadList`, query, admin),
  deleteUpload: (id: number) => post<null>(`${base}DelUpload/${id}`, undefined, admin),
};
