import { Link } from 'react-router';
import { Alert, Typography } from 'antd';
import { electionPublicationPath } from '@portal/shared';
import styles from './myElections.module.css';

/** Four characters a group, to copy by hand without losing one's place (the check ignores the spaces). */
const grouped = (receipt: string) => receipt.match(/.{1,4}/g)?.join(' ') ?? receipt;

/** The receipt code, shown once after voting, with how and where to check it after the close. */
export function Receipt({ electionId, receipt }: { electionId: number; receipt: string }) {
  return (
    <Alert
      className={styles.receiptAlert}
      type="success"
      showIcon
      title="投票成功，请保存回执码"
      description={
        <>
          <Typography.Paragraph copyable={{ text: receipt, tooltips: ['复制', '已复制'] }} className={styles.receipt} data-testid="ballot-receipt">
            {grouped(receipt)}
          </Typography.Paragraph>
          <p className={styles.receiptHelp}>
            回执码只显示这一次，请抄写或复制保存。选举结束并公布结果后，在<Link to={electionPublicationPath(electionId)}>结果公布页</Link>
            的“核对回执”中输入回执码，即可确认您的选票在公布的名单中（不会显示您投给了谁）。回执码请勿交给他人。
          </p>
        </>
      }
    />
  );
}
