import { addSigningKey } from '../features/credentials/keys.js';
import { positionals, type Command } from './command.js';
import { withDatabase } from './database.js';

export const credentialKeyRotate: Command = {
  words: ['credential-key', 'rotate'],
  summary: '更换电子凭证签名密钥 / rotate the credentials’ signing key',
  help: `用法 / usage: npm run cli -- credential-key rotate

生成新的 RSA 签名密钥，此后签发的电子凭证（证书、电子会员证）和吊销状态列表都用它签名。
旧密钥继续公布在 /.well-known/jwks.json 和发证单位资料中，此前签发的凭证照常可以核验。
各实例下次签名即用新密钥，无需重启。

Makes a new RSA signing key: the credentials issued from now on (certificates, membership
cards) and the revocation status lists are signed with it. The old keys stay published in
/.well-known/jwks.json and the issuer profile, so what they signed keeps verifying. Every
instance signs with the new key from its next signature, without a restart.`,
  async run(args, { config, out }) {
    positionals(args);
    const key = await withDatabase(config, (database) => addSigningKey(database.db, Date.now()));
    out(`已启用新的签名密钥 / new signing key in use: ${key.kid}`);
  },
};
