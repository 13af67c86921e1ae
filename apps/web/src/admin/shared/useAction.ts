import { App } from 'antd';
import { messages } from '@portal/shared';
import { closeRefusals } from '../../components/toast';

/**
 * A one-click write (a confirmed delete): 操作成功 and `onDone` when it succeeds, an earlier
 * refusal's notice closed (closeRefusals). A refusal was already shown by the API client, so
 * the returned promise always settles quietly (antd's Popconfirm would otherwise rethrow it as
 * an unhandled rejection).
 */
export function useAction<A>(action: (arg: A) => Promise<unknown>, onDone: () => void) {
  const { message } = App.useApp();
  return (arg: A) =>
    action(arg).then(
      () => {
        closeRefusals();
        void message.success(messages.ok);
        onDone();
      },
      () => undefined,
    );
}
