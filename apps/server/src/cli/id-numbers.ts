import { connect } from '../db/connection.js';
import { resealAll } from '../db/reseal-id-numbers.js';
import { CliError, positionals, type Command } from './command.js';
import { withDatabase } from './database.js';

export const idNumbersNewKey: Command = {
  words: ['id-numbers', 'new-key'],
  summary: '生成新的证件号码密钥（轮换第一步）/ add a new ID-number key (rotation, step 1)',
  help: `用法 / usage: npm run cli -- id-numbers new-key

在数据目录的 id-number.keys 最前面加入一把新的随机密钥，旧密钥保留在后面（仍用来解密尚未
重新加密的记录）。之后重启所有实例（新记录用新密钥加密），再运行 id-numbers reseal。
使用 ID_NUMBER_KEYS 环境变量时不写文件：请自行把新密钥写在 ID_NUMBER_KEYS 最前面。

Puts a new random key first in the data folder's id-number.keys, keeping the old ones after
it (they still open the rows not re-sealed yet). Then restart every instance (new rows are
sealed with the new key) and run id-numbers reseal. With ID_NUMBER_KEYS set, nothing is
written: put the new key first in ID_NUMBER_KEYS yourself.`,
  async run(args, { config, out }) {
    positionals(args);
    const database = await connect(config);
    try {
      const id = database.idNumbers.ring.addKey();
      out(`新密钥 / new key ${id} 已写入 / written to ${database.idNumbers.ring.source}`);
      out('请重启所有实例，再运行 / restart every instance, then run: npm run cli -- id-numbers reseal');
    } catch (error) {
      throw new CliError(error instanceof Error ? error.message : String(error));
    } finally {
      await database.close();
    }
  },
};

export const idNumbersReseal: Command = {
  words: ['id-numbers', 'reseal'],
  summary: '用当前密钥重新加密全部证件号码（轮换第二步）/ re-seal every ID number with the current key',
  help: `用法 / usage: npm run cli -- id-numbers reseal

把不是用当前密钥和算法（ID_NUMBER_KEYS 或 id-number.keys 的第一把，ID_NUMBER_CIPHER）加密的
证件号码逐批解密并重新加密，每批一个事务。中断后再次运行即从未完成的记录继续，不丢记录；
服务可照常运行。完成后报告仍在旧密钥下的记录数（应为 0），此时可从密钥中删去旧密钥（先备份）。
更换 ID_NUMBER_CIPHER（aes / sm4）后也用它转换已有记录。

Decrypts and re-seals, in batches of one transaction each, every ID number not sealed with the
current key and cipher (the first of ID_NUMBER_KEYS or id-number.keys; ID_NUMBER_CIPHER). Run
again after an interruption, it goes on from the rows not done; nothing is lost, and the site
keeps serving. It ends with the rows still under an old key (0 when done): the old key may then
be removed (keep a copy with the backups). Also converts the rows after ID_NUMBER_CIPHER changed.`,
  async run(args, { config, out }) {
    positionals(args);
    const started = performance.now();
    const { resealed, remaining } = await withDatabase(config, (database) =>
      resealAll(database, {
        onBatch: (done) => {
          if (done % 50_000 === 0) out(`已重新加密 / re-sealed ${done}`);
        },
      }),
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    out(`重新加密 / re-sealed ${resealed} 条 / rows in ${seconds} s`);
    const left = Object.entries(remaining);
    if (left.length > 0) throw new CliError(`仍有记录未重新加密 / rows left: ${left.map(([label, n]) => `${label} ${n}`).join(', ')}`);
    out('全部证件号码已使用当前密钥 / every ID number is under the current key');
  },
};
