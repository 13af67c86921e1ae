import { useQuery } from '@tanstack/react-query';
import { paging, typeKinds, type MenuDto } from '@portal/shared';
import { contentApi } from '../../api/content';
import { systemApi } from '../../api/system';

/** An option of a lookup select. */
export interface LookupOption {
  label: string;
  value: number;
}

export interface MenuOption extends LookupOption {
  children?: MenuOption[];
}

/**
 * Spec §4: lookup lists are fetched on first read and cached for the session. Each hook is
 * enabled only where a form shows its select, so a page never loads lists it does not use.
 */
const cachedForSession = { staleTime: Infinity, gcTime: Infinity } as const;

type TypeKind = (typeof typeKinds)[keyof typeof typeKinds];

export function useTypeOptions(kind: TypeKind, enabled = true) {
  return useQuery({
    queryKey: ['lookup', 'typeList', kind],
    queryFn: async (): Promise<LookupOption[]> => (await contentApi.typeList(kind)).map((t) => ({ label: t.Name, value: t.Id })),
    enabled,
    ...cachedForSession,
  });
}

/** Under the back-office session's keys: dropped at sign-in, refreshed when a role is saved. */
export const roleOptionsKey = ['admin', 'lookup', 'roles'] as const;

/** Roles for a select: spec §6, the role list is loaded with page size 999. */
export function useRoleOptions(enabled = true) {
  return useQuery({
    queryKey: roleOptionsKey,
    queryFn: async (): Promise<LookupOption[]> =>
      (await systemApi.roles({ pageindex: paging.firstPage, pagesize: paging.lookup })).List.map((r) => ({ label: r.RoleName, value: r.RoleId })),
    enabled,
    ...cachedForSession,
  });
}

const toMenuOption = (menu: MenuDto): MenuOption => ({
  label: menu.Name,
  value: menu.MenuId,
  ...(menu.ChildList?.length ? { children: menu.ChildList.map(toMenuOption) } : {}),
});

/** The public menu tree as cascader options (spec §4: the public menu is loaded once). */
export function useMenuOptions(enabled = true) {
  return useQuery({
    queryKey: ['lookup', 'publicMenus'],
    queryFn: async () => (await contentApi.menuTree()).map(toMenuOption),
    enabled,
    ...cachedForSession,
  });
}
