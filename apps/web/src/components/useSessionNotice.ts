import { useEffect } from 'react';
import { takeSessionNotice } from '../api/client';
import { toast } from './toast';

/**
 * Shows, once, why the session of this side ended on the page before (spec §8's toast, carried
 * over the redirect by api/client.ts). Used by the page each side is sent to: /login and the portal.
 */
export function useSessionNotice(side: 'member' | 'admin'): void {
  useEffect(() => {
    const text = takeSessionNotice(side);
    // The same toast as the one api/client.ts showed when the session ended (same instance, same
    // key): when the next page arrives before that toast is gone, it stays one toast.
    if (text) toast('error', text);
  }, [side]);
}
