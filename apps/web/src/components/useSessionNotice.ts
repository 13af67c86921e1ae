import { useEffect } from 'react';
import { App } from 'antd';
import { takeSessionNotice } from '../api/client';

/**
 * Shows, once, why the session of this side ended on the page before (spec §8's toast, carried
 * over the redirect by api/client.ts). Used by the page each side is sent to: /login and the portal.
 */
export function useSessionNotice(side: 'member' | 'admin'): void {
  const { message } = App.useApp();
  useEffect(() => {
    const text = takeSessionNotice(side);
    if (text) void message.error(text);
  }, [side, message]);
}
