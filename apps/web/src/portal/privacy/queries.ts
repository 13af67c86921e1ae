import { queryOptions } from '@tanstack/react-query';
import { privacyApi } from '../../api/privacy';

/** 隐私政策's reads (see ../queries.ts). */
export const privacyQueries = {
  /** 隐私政策: the current version (undefined) or an earlier one; a version that does not exist is the page's answer. */
  privacyPolicy: (version: number | undefined) =>
    queryOptions({ queryKey: ['privacyPolicy', version ?? 0], queryFn: () => privacyApi.policy(version), retry: false }),
};
