import type { ListDto, PrivacyConsentDto, PrivacyPolicyDto, PublicPrivacyPolicyDto, SavePrivacyPolicyBody } from '@portal/shared';
import { call, get, post, type CallOptions } from './client';
import type { PageState } from '../components/DataTable';

/** 隐私政策 (features/privacy, docs/privacy.md): the public page's call and the back office's. */
const admin: CallOptions = { side: 'admin' };
const business = 'XfSysBussiness/';

export const privacyApi = {
  /** The current version, or an earlier published one; a version that does not exist is the page's answer, not a toast. */
  policy: (version?: number) => get<PublicPrivacyPolicyDto>('XfWebApi/GetPrivacyPolicy', version ? { Version: version } : undefined, { silent: true }),
  versions: (query: PageState) => get<ListDto<PrivacyPolicyDto>>(`${business}GetPrivacyPolicyList`, query, admin),
  save: (body: SavePrivacyPolicyBody) => post<number>(`${business}SavePrivacyPolicy`, body, admin),
  /** Answers the version number it was published as. */
  publish: (Id: number) => post<number>(`${business}PublishPrivacyPolicy`, { Id }, admin),
  remove: (Id: number) => post<null>(`${business}DelPrivacyPolicy`, { Id }, admin),
  /** 隐私与授权: the signed-in member's consents, and withdrawing one (answers the server's words). */
  myConsents: () => get<PrivacyConsentDto[]>('XfWebApi/GetMyConsents'),
  withdraw: (Id: number) => call<null>({ method: 'POST', url: 'XfWebApi/WithdrawConsent', data: { Id } }).then((r) => r.Message),
};
