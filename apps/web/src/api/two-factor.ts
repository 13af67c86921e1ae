import type { RecoveryCodeCountDto, TotpRecoveryCodesDto, TotpSetupDto } from '@portal/shared';
import { get, post, type CallOptions } from './client';

/** The back office's second factor (docs/api.md "Second factor"), sent with the admin token. */
const base = 'XfSystemApi/';
const admin: CallOptions = { side: 'admin' };

export const twoFactorApi = {
  /** The second step of a sign-in: the ticket of Login's Code 512 and 6 digits or a recovery code; Data is the token. */
  login: (body: { Ticket: string; Code: string }) => post<string>(`${base}LoginTotp`, body, admin),
  /** A new secret for the caller's own account, pending until confirmed. */
  begin: () => post<TotpSetupDto>(`${base}BeginTotp`, undefined, admin),
  /** Turns it on with the password and a code from the app; answers the recovery codes, shown this once. The admin's other sessions end. */
  confirm: (body: { Password: string; Code: string }) => post<TotpRecoveryCodesDto>(`${base}ConfirmTotp`, body, admin),
  turnOff: (body: { Password: string; Code: string }) => post<null>(`${base}DisableTotp`, body, admin),
  /** How many of the caller's recovery codes are still unused. */
  recoveryCodeCount: () => get<RecoveryCodeCountDto>(`${base}GetRecoveryCodeCount`, undefined, admin),
  /** Ten new recovery codes for the password and a current code, shown this once; those given before stop working. */
  renewRecoveryCodes: (body: { Password: string; Code: string }) => post<TotpRecoveryCodesDto>(`${base}RenewRecoveryCodes`, body, admin),
  /** Another admin's (a lost phone): they enrol again. */
  reset: (adminId: number) => post<null>(`${base}ResetAdminTotp/${adminId}`, undefined, admin),
};
