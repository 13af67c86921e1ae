import { useState } from 'react';
import { createPortal } from 'react-dom';
import { Alert, Button } from 'antd';
import { CopyOutlined, DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { dialogWidth } from '@portal/shared';
import { saveFile } from '../../../api/client';
import { systemTitle } from '../../routes/menuTree';
import { FormDialog } from '../../shared/FormDialog';
import styles from './two-factor.module.css';

/** The codes as a sheet says them, in the dialog, the .txt file and on paper: whose, when, how they are used. */
function sheetLines(account: string, madeAt: string): string[] {
  return [`${systemTitle} 二次验证恢复码`, `账号：${account}`, `生成时间：${madeAt}`, '每个恢复码只能使用一次；重新生成后，本组恢复码全部失效。'];
}

/**
 * The recovery codes, shown this once (after enrolment or a renewal): only their hashes are
 * kept. They can be copied, downloaded as a .txt file or printed; the dialog closes only
 * through 我已保存，完成.
 */
export function RecoveryCodesDialog({
  title,
  open,
  account,
  codes,
  onDone,
}: {
  title: string;
  open: boolean;
  account: string;
  codes: string[];
  onDone: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const [madeAt] = useState(() => dayjs().format('YYYY-MM-DD HH:mm'));
  const heading = sheetLines(account, madeAt);

  const copy = () => void navigator.clipboard.writeText(codes.join('\n')).then(() => setCopied(true));
  // Windows line ends and a byte-order mark: Notepad opens the Chinese lines as they are.
  const download = () =>
    saveFile(new Blob([`\ufeff${[...heading, '', ...codes, ''].join('\r\n')}`], { type: 'text/plain;charset=utf-8' }), `恢复码-${account}.txt`);

  return (
    <FormDialog
      title={title}
      open={open}
      width={dialogWidth.small}
      onCancel={() => undefined}
      modal={{ closable: false, keyboard: false }}
      footer={[
        <Button key="copy" icon={<CopyOutlined />} onClick={copy}>
          {copied ? '已复制' : '复制全部'}
        </Button>,
        <Button key="download" icon={<DownloadOutlined />} onClick={download}>
          下载
        </Button>,
        <Button key="print" icon={<PrinterOutlined />} onClick={() => window.print()}>
          打印
        </Button>,
        <Button key="done" type="primary" onClick={onDone}>
          我已保存，完成
        </Button>,
      ]}
    >
      <Alert
        type="warning"
        showIcon
        title="恢复码只显示这一次"
        description="手机丢失或无法使用身份验证器时，每个恢复码可代替动态验证码登录一次。请复制、下载或打印后妥善保存，不要与密码放在一起。"
        style={{ marginBottom: 16 }}
      />
      <ul className={styles.codes} aria-label="恢复码">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      {open &&
        createPortal(
          <div className={styles.printCopy}>
            {heading.map((line) => (
              <p key={line}>{line}</p>
            ))}
            <ul className={styles.codes}>
              {codes.map((code) => (
                <li key={code}>{code}</li>
              ))}
            </ul>
          </div>,
          document.body,
        )}
    </FormDialog>
  );
}
