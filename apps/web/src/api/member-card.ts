import { get } from './client';

/** The member's electronic card (电子会员证) and its signed credential (/api/XfWebApi/). */
export const memberCardApi = {
  /** The card as a base64 PNG; refused (lapsed, revoked, suspended) with the server's message, which the page shows itself. */
  image: () => get<string>('XfWebApi/GetMyMemberCard', undefined, { silent: true }),
  /** The credential: a compact JWT. */
  credential: () => get<string>('XfWebApi/GetMyMemberCredential'),
};
