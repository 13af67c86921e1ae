import { useState } from 'react';
import type { FormInstance } from 'antd';
import { closeRefusals } from './toast';

/**
 * A dialog's submit, in the back office and the member area alike: check the form (it shows
 * what is wrong), send, then `onDone`. While the call runs `saving` is true for the OK button.
 * A refused call leaves the dialog open: the API client has already shown the server's reason,
 * and that notice is closed once a later try succeeds.
 */
export function useFormSubmit<T, R = unknown>(form: FormInstance<T>, save: (values: T) => Promise<R>, onDone: (result: R) => void) {
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    let values: T;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const result = await save(values);
      closeRefusals();
      onDone(result);
    } catch {
      // Shown by the API client; the user corrects and submits again.
    } finally {
      setSaving(false);
    }
  };
  return { submit, saving };
}
