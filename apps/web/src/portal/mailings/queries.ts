import { queryOptions } from '@tanstack/react-query';
import { mailPreferencesApi } from '../../api/mail-preferences';

/** The unsubscribe page's reads (see ../queries.ts). */
export const mailingQueries = {
  /**
   * What an unsubscribe link would unsubscribe from, with the question in its Message (GET
   * Unsubscribe changes nothing); a link altered or expired (退订链接无效) is the page's answer.
   */
  unsubscribeLink: (token: string) =>
    queryOptions({ queryKey: ['unsubscribeLink', token], queryFn: () => mailPreferencesApi.unsubscribeLink(token), retry: false }),
};
