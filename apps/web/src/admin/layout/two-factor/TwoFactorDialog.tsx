import { EnrolDialog } from './EnrolDialog';
import { ManageDialog } from './ManageDialog';

interface TwoFactorDialogProps {
  open: boolean;
  /** The admin's own account and state (GetLoginUser Account, TotpEnabled, TotpRequired). */
  account: string;
  enabled: boolean;
  required: boolean;
  onClose: () => void;
  /** It was turned on or off: the admin's info is read again. */
  onChanged: () => void;
}

/** 二次验证 of the account menu: enrolment while it is off; its recovery codes and turning it off while it is on. */
export function TwoFactorDialog({ open, account, enabled, required, onClose, onChanged }: TwoFactorDialogProps) {
  return enabled ? (
    <ManageDialog open={open} account={account} required={required} onCancel={onClose} onTurnedOff={onChanged} />
  ) : (
    <EnrolDialog open={open} account={account} required={false} onCancel={onClose} onDone={onChanged} />
  );
}
