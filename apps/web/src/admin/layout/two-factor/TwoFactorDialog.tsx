import { EnrolDialog } from './EnrolDialog';
import { TurnOffDialog } from './TurnOffDialog';

interface TwoFactorDialogProps {
  open: boolean;
  /** The admin's own state (GetLoginUser TotpEnabled, TotpRequired). */
  enabled: boolean;
  required: boolean;
  onClose: () => void;
  /** It was turned on or off: the admin's info is read again. */
  onChanged: () => void;
}

/** 二次验证 of the account menu: enrolment while it is off, turning it off while it is on. */
export function TwoFactorDialog({ open, enabled, required, onClose, onChanged }: TwoFactorDialogProps) {
  return enabled ? (
    <TurnOffDialog open={open} required={required} onCancel={onClose} onDone={onChanged} />
  ) : (
    <EnrolDialog open={open} required={false} onCancel={onClose} onDone={onChanged} />
  );
}
