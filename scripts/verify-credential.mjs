// Checks a credential offline: `node scripts/verify-credential.mjs <credential.jwt> <jwks.json | https://…/.well-known/jwks.json>`.
// Prints the credential's claims when the signature fits the association's published key set
// (RS256 now; EdDSA for credentials issued before), and exits 1 otherwise. Whether it still
// stands is for its verification page (the credential's id) or its status list
// (credentialStatus.statusListCredential) to say.
import { readFile } from 'node:fs/promises';
import { createLocalJWKSet, jwtVerify } from 'jose';

const [file, keys] = process.argv.slice(2);
if (!file || !keys) {
  console.error('用法 / usage: node scripts/verify-credential.mjs <credential.jwt> <jwks.json | URL>');
  process.exit(2);
}
const jwks = /^https?:\/\//.test(keys) ? await (await fetch(keys)).json() : JSON.parse(await readFile(keys, 'utf8'));
try {
  const { payload } = await jwtVerify((await readFile(file, 'utf8')).trim(), createLocalJWKSet(jwks), {
    algorithms: ['RS256', 'EdDSA'],
    // The issue day is in China Standard Time; do not refuse a credential for the verifier's clock.
    clockTolerance: '2 days',
  });
  console.log('签名有效 / signature valid');
  console.log(JSON.stringify(payload, null, 2));
} catch (error) {
  console.error(`签名无效 / signature invalid: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
