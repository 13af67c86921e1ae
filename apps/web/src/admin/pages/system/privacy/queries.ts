import { queryOptions } from '@tanstack/react-query';
import { privacyApi } from '../../../../api/privacy';
import { adminQueryKeys } from '../../../session/queries';

export const privacyKey = [...adminQueryKeys.all, 'privacy-policies'] as const;

/** The current version as visitors read it: a new draft starts from its text. Reloaded with the list. */
export const currentPolicyQuery = queryOptions({ queryKey: [...privacyKey, 'current'], queryFn: () => privacyApi.policy() });
