import { adminQueryKeys } from '../../session/queries';

/** 在线留言's cached back-office reads: a write on a message reloads the queue and its detail. */
export const messageKeys = {
  all: [...adminQueryKeys.all, 'messages'] as const,
  queue: [...adminQueryKeys.all, 'messages', 'queue'] as const,
  detail: [...adminQueryKeys.all, 'messages', 'detail'] as const,
  categories: [...adminQueryKeys.all, 'messages', 'categories'] as const,
  departments: [...adminQueryKeys.all, 'messages', 'departments'] as const,
  settings: [...adminQueryKeys.all, 'messages', 'settings'] as const,
  statistics: [...adminQueryKeys.all, 'messages', 'statistics'] as const,
};
