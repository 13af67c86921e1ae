import { useState } from 'react';
import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import buttons from '../../components/button.module.css';
import { toast } from '../../components/toast';
import { StatusNotice } from '../content/Notices';
import styles from './messages.module.css';

/**
 * After asking: the 查询码, large and copyable, and why to keep it: it is the visitor's only key
 * to the reply (the server never shows it again, and it is not sent unless they left an e-mail).
 */
export function QueryCodeNotice({ code, onFollow, onAgain }: { code: string; onFollow: () => void; onAgain: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      toast('success', '查询码已复制');
    } catch {
      toast('warning', '无法自动复制，请手动选中查询码复制');
    }
  };
  return (
    <StatusNotice
      icon={CheckCircleFilled}
      iconClassName={styles.successIcon}
      title="留言提交成功"
      text={
        <>
          <p>您的查询码是：</p>
          <code className={styles.code} data-testid="query-code">
            {code}
          </code>
          <p className={styles.keep} role="note">
            请务必抄录或复制保存此查询码。它是查看办理进度和答复的唯一凭证，关闭本页后将无法再次显示。
          </p>
        </>
      }
      actions={
        <>
          <button type="button" className={buttons.primary} onClick={() => void copy()}>
            {copied ? '已复制' : '复制查询码'}
          </button>
          <button type="button" className={buttons.secondary} onClick={onFollow}>
            查看办理进度
          </button>
          <button type="button" className={buttons.secondary} onClick={onAgain}>
            继续留言
          </button>
        </>
      }
    />
  );
}
