import { useQuery } from '@tanstack/react-query';
import { paging } from '@portal/shared';
import { contentAdminApi } from '../../../api/content-admin';
import { adminQueryKeys } from '../../session/queries';

/** Every content menu, hidden ones included, as the back office edits them. */
export const contentMenusKey = [...adminQueryKeys.all, 'contentMenus'];

export function useContentMenus() {
  return useQuery({
    queryKey: contentMenusKey,
    queryFn: async () => (await contentAdminApi.menus({ pageindex: paging.firstPage, pagesize: paging.lookup, parentid: 0 })).List,
  });
}
