import { useState } from 'react';
import { Alert, Button, Modal } from 'antd';
import type { LogChainCheckDto } from '@portal/shared';
import { systemApi } from '../../../../api/system';

/** One log's finding, in words: intact with its count, or the first record that does not follow. */
function Finding({ check }: { check: LogChainCheckDto }) {
  const before = check.Unchained ? `；另有启用校验前的记录 ${check.Unchained} 条，未校验` : '';
  return check.FirstBrokenId ? (
    <Alert
      type="error"
      showIcon
      title={`${check.LogName}：发现被改动的记录`}
      description={`第一条对不上的记录为 #${check.FirstBrokenId}（${check.FirstBrokenTime}），此前 ${check.Checked} 条完好。该记录或其前一条被改动、插入或删除过，请保留现场并核查数据库访问。`}
    />
  ) : (
    <Alert type="success" showIcon title={`${check.LogName}：完好`} description={`已校验 ${check.Checked} 条记录${before}。`} />
  );
}

/**
 * 操作日志's 完整性校验: the server recomputes both logs' hash chains (their key is not in the
 * database) and this shows, per log, that it is whole or the first record that is not.
 */
export function ChainCheckButton() {
  const [checks, setChecks] = useState<LogChainCheckDto[] | null>(null);
  const [running, setRunning] = useState(false);
  const run = async () => {
    setRunning(true);
    try {
      setChecks(await systemApi.checkLogChains());
    } catch {
      // Shown by the API client.
    } finally {
      setRunning(false);
    }
  };
  return (
    <>
      <Button onClick={() => void run()} loading={running}>
        完整性校验
      </Button>
      <Modal title="日志完整性校验" open={checks !== null} onCancel={() => setChecks(null)} footer={<Button onClick={() => setChecks(null)}>关闭</Button>}>
        <p>每条操作日志和登录日志都与前一条以密钥哈希（HMAC-SHA-256）相连，密钥不存放在数据库中；任何一条被改动、插入或删除，都会在此处报出。</p>
        {checks?.map((c) => (
          <div key={c.Log} style={{ marginBottom: 12 }}>
            <Finding check={c} />
          </div>
        ))}
      </Modal>
    </>
  );
}
