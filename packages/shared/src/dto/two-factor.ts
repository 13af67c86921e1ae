import { z } from 'zod';

/** BeginTotp's answer: what the authenticator app needs, as a QR code and as text. */
export const totpSetupDto = z
  .object({
    /** Base32, for typing into the app by hand. */
    Secret: z.string(),
    /** otpauth://totp/… */
    Uri: z.string(),
    /** PNG of Uri as a data URL. */
    QrCode: z.string(),
  })
  .meta({ id: 'TotpSetupDto' });
export type TotpSetupDto = z.infer<typeof totpSetupDto>;

/** ConfirmTotp's and RenewRecoveryCodes' answer: the recovery codes, shown this once (only their hashes are stored). */
export const totpRecoveryCodesDto = z.object({ RecoveryCodes: z.array(z.string()) }).meta({ id: 'TotpRecoveryCodesDto' });
export type TotpRecoveryCodesDto = z.infer<typeof totpRecoveryCodesDto>;

/** GetRecoveryCodeCount: how many of the admin's recovery codes are still unused, of how many given. */
export const recoveryCodeCountDto = z.object({ Unused: z.int(), Total: z.int() }).meta({ id: 'RecoveryCodeCountDto' });
export type RecoveryCodeCountDto = z.infer<typeof recoveryCodeCountDto>;
