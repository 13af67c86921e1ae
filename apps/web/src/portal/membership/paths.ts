import { sitePages } from '@portal/shared';

/** Where a member reads their 会籍 and how to renew; the renewal e-mails link here too. */
export const membershipPath = sitePages.membership.path;
