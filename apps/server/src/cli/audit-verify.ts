import { checkLogChains, toLogChainCheckDto } from '../features/system/audit/chain-routes.js';
import { CliError, positionals, type Command } from './command.js';
import { withDatabase } from './database.js';

export const auditVerify: Command = {
  words: ['audit', 'verify'],
  summary: '校验操作日志和登录日志的完整性 / verify the audit and sign-in logs’ hash chains',
  help: `用法 / usage: npm run cli -- audit verify

重新计算操作日志和登录日志的哈希链（HMAC-SHA-256 或 HMAC-SM3，密钥为 AUDIT_CHAIN_KEY 或数据目录中的
audit-chain.key），逐个日志报告校验的记录数和第一条对不上的记录。有记录被改动、插入或删除时
以退出码 1 结束，可用于定时任务告警。

Recomputes both logs' hash chains (HMAC-SHA-256 or HMAC-SM3 with AUDIT_CHAIN_KEY, or the data folder's
audit-chain.key) and reports, per log, the records checked and the first that does not follow.
Exits 1 when a record was changed, inserted or deleted, for a scheduled job to alert on.`,
  async run(args, { config, out }) {
    positionals(args);
    const checks = (await withDatabase(config, checkLogChains)).map(toLogChainCheckDto);
    for (const c of checks) {
      const before = c.Unchained ? `，另有启用前的记录 ${c.Unchained} 条未校验 / ${c.Unchained} from before the chain, not checked` : '';
      out(
        c.FirstBrokenId
          ? `${c.LogName} ${c.Log}: 第一条对不上的记录 / first broken record #${c.FirstBrokenId} (${c.FirstBrokenTime})，此前 ${c.Checked} 条完好 / ${c.Checked} intact before it`
          : `${c.LogName} ${c.Log}: 完好 / intact, ${c.Checked} 条 / records${before}`,
      );
    }
    const broken = checks.filter((c) => c.FirstBrokenId);
    if (broken.length) throw new CliError(`日志完整性校验未通过 / log chain broken: ${broken.map((c) => c.LogName).join('、')}`);
  },
};
