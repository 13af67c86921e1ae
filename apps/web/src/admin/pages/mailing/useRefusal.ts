import { useState } from 'react';
import { ApiError } from '../../../api/client';

/**
 * The server's refusal of a save whose call is silent, to show beside the form (模板中有未知的变量…)
 * rather than in a toast that goes; cleared by the next try.
 */
export function useRefusal() {
  const [refusal, setRefusal] = useState('');
  const watch = <R>(save: Promise<R>) => {
    setRefusal('');
    return save.catch((error: unknown) => {
      setRefusal(error instanceof ApiError ? error.message : String(error));
      throw error;
    });
  };
  return { refusal, watch };
}
