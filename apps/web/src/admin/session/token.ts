import { storageKeys } from '@portal/shared';

/** The back-office session token (spec §4: localStorage 'backstageToken'). */
export const adminToken = {
  get: () => localStorage.getItem(storageKeys.adminToken),
  set: (token: string) => localStorage.setItem(storageKeys.adminToken, token),
  clear: () => localStorage.removeItem(storageKeys.adminToken),
};
