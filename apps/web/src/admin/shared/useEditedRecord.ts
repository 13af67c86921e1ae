import { useQuery, type QueryKey } from '@tanstack/react-query';

/**
 * The record an edit dialog opens (`id` > 0; 0 is a new one, null a closed dialog), under
 * `[...key, id]`. It is read afresh at each opening and dropped once the dialog lets it go, so a
 * form never starts from a copy someone else has changed since.
 */
export function useEditedRecord<T>(key: QueryKey, id: number | null, fetch: (id: number) => Promise<T>) {
  return useQuery({ queryKey: [...key, id], queryFn: () => fetch(id!), enabled: id !== null && id > 0, staleTime: 0, gcTime: 0 });
}
