/** Where the membership credential's JSON-LD context is, relative to the site's address. */
export const MEMBERSHIP_CONTEXT_PATH = '/credentials/contexts/membership/v1';

const XSD_DATE = 'http://www.w3.org/2001/XMLSchema#date';

/**
 * The JSON-LD context of the electronic membership card's credential (features/membership/card.ts):
 * each term it uses that VC 2.0's context does not define, so that a JSON-LD processor expands it
 * in safe mode, dropping nothing (VC 2.0 defines no catch-all vocabulary). Terms schema.org has
 * are schema.org's; the rest are the association's own, named by this document's address and the
 * term. Protected, as VC 2.0's terms are: a context listed after it cannot give them another
 * meaning. A new term means a new version at a new address, never a change to this one.
 */
export function membershipContext(base: string) {
  const own = (term: string) => `${base}${MEMBERSHIP_CONTEXT_PATH}#${term}`;
  return {
    '@context': {
      '@version': 1.1,
      '@protected': true,
      // The issuer, as every credential of the association names it: Open Badges 3.0's Profile.
      Profile: 'https://purl.imsglobal.org/spec/vc/ob/vocab.html#Profile',
      url: { '@id': 'https://schema.org/url', '@type': '@id' },
      MembershipCredential: own('MembershipCredential'),
      Member: own('Member'),
      Organization: 'https://schema.org/Organization',
      memberOf: { '@id': 'https://schema.org/memberOf', '@type': '@id' },
      memberNo: 'https://schema.org/membershipNumber',
      level: own('level'),
      joinDate: { '@id': own('joinDate'), '@type': XSD_DATE },
      expireDate: { '@id': own('expireDate'), '@type': XSD_DATE },
    },
  };
}
