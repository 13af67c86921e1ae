import { useQuery } from '@tanstack/react-query';
import { messagesAdminApi } from '../../../api/messages-admin';
import { messageKeys } from './keys';

/** The categories (disabled ones too) and departments, read by the queue's filters, the assign dialog and 留言设置. */
export const useMessageCategories = () => useQuery({ queryKey: messageKeys.categories, queryFn: messagesAdminApi.categories });
export const useMessageDepartments = () => useQuery({ queryKey: messageKeys.departments, queryFn: messagesAdminApi.departments });
