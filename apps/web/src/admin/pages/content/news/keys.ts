import { adminQueryKeys } from '../../../session/queries';

/** 文章管理's list: a save there, a review decided elsewhere (待我审核) reload it. */
export const newsListKey = [...adminQueryKeys.all, 'news'];
