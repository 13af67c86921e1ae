import { useState } from 'react';
import { App } from 'antd';
import { messages } from '@portal/shared';

/**
 * Runs a list's batch actions one at a time: `busy` names the running one (its button shows
 * it); the server's words (已发布2篇…, 批量通过：共2个会员) are the toast, then `onDone` (the
 * selection emptied, the list reloaded). An action that shows its outcome itself (批量发布's result
 * dialog) answers null and gets no toast. A refusal the API client has already shown; `run`
 * answers whether the action went through, so a dialog closes only then.
 */
export function useBatchRun<Action extends string>(onDone: () => void) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState<Action | null>(null);
  const run = async (which: Action, action: () => Promise<string | null>): Promise<boolean> => {
    setBusy(which);
    try {
      const said = await action();
      if (said !== null) void message.success(said || messages.ok);
      onDone();
      return true;
    } catch {
      // Shown by the API client.
      return false;
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}
