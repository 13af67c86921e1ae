import { z } from 'zod';
import { logChainCheckDto, type LogChainCheckDto } from '@portal/shared';
import type { App } from '../../../http/app-types.js';
import { ok } from '../../../http/envelope.js';
import { requireAdmin } from '../auth/guard.js';
import { adminDocs } from '../docs.js';
import { checkChain, type ChainCheck, type ChainedLog } from './chain.js';

export const chainedLogNames: Record<ChainedLog, string> = { audit_logs: '操作日志', login_logs: '登录日志' };

export const toLogChainCheckDto = (c: ChainCheck): LogChainCheckDto => ({
  Log: c.log,
  LogName: chainedLogNames[c.log],
  Checked: c.checked,
  Unchained: c.unchained,
  FirstBrokenId: c.firstBroken?.id ?? 0,
  FirstBrokenTime: c.firstBroken?.createdAt ?? '',
});

/** Both logs checked, one after the other. */
export const checkLogChains = async (database: Parameters<typeof checkChain>[0]): Promise<ChainCheck[]> => [
  await checkChain(database, 'audit_logs'),
  await checkChain(database, 'login_logs'),
];

/** 操作日志's 完整性校验 (/api/XfSystemApi/CheckLogChains): both logs' chains recomputed. */
export async function logChainRoutes(app: App): Promise<void> {
  const { database } = app.services;
  app.get(
    '/CheckLogChains',
    {
      onRequest: requireAdmin('system:audit:list'),
      schema: {
        ...adminDocs,
        summary: '完整性校验：重新计算操作日志和登录日志的哈希链（HMAC-SHA-256，密钥不在数据库中），报告每个日志第一条对不上的记录',
        'x-data': z.array(logChainCheckDto),
      },
    },
    async () => ok((await checkLogChains(database)).map(toLogChainCheckDto)),
  );
}
