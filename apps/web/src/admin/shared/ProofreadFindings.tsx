import { Alert, Button, Space, Tag, Typography } from 'antd';
import type { ProofFindingDto } from '@portal/shared';
import styles from './proofreadFindings.module.css';

interface ProofreadFindingsProps {
  findings: readonly ProofFindingDto[];
  /** Replaces one wrong word by its suggestion; absent where the text is not the reader's to change (a reviewer's view). */
  onReplace?: (finding: ProofFindingDto) => void;
  /** Replaces every wrong word that has a suggestion. */
  onReplaceAll?: () => void;
  /** Shows the first occurrence in the text. */
  onLocate?: (finding: ProofFindingDto) => void;
}

const kindLabel = (finding: ProofFindingDto) => (finding.Kind === 'sensitive' ? '敏感词' : finding.Severity === 'serious' ? '严重错别字' : '易错词');

/**
 * 校对's findings (docs/inspection.md, 易错词): each wrong or sensitive word, how often it occurs
 * and its right form, serious ones first as the server orders them. The editor replaces a wrong
 * word in one click, or all of them; a reviewer sees the same list without the buttons.
 */
export function ProofreadFindings({ findings, onReplace, onReplaceAll, onLocate }: ProofreadFindingsProps) {
  if (findings.length === 0) return null;
  const replaceable = findings.filter((f) => f.Suggestion);
  const serious = findings.filter((f) => f.Severity === 'serious').length;
  return (
    <Alert
      className={styles.panel}
      type={serious ? 'error' : 'warning'}
      showIcon
      message={
        <Space wrap>
          <span>
            校对发现 {findings.length} 处问题{serious ? `，其中 ${serious} 处严重` : ''}
          </span>
          {onReplaceAll && replaceable.length > 1 && (
            <Button size="small" onClick={onReplaceAll}>
              全部替换
            </Button>
          )}
        </Space>
      }
      description={
        <ul className={styles.list} aria-label="校对结果">
          {findings.map((finding) => (
            <li key={`${finding.Kind}:${finding.Word}`} className={styles.item}>
              <Tag color={finding.Severity === 'serious' ? 'red' : 'orange'}>{kindLabel(finding)}</Tag>
              <Typography.Text delete={!!finding.Suggestion} className={styles.word}>
                {finding.Word}
              </Typography.Text>
              {finding.Suggestion ? <span>→ {finding.Suggestion}</span> : <span>请删除或改写</span>}
              <Typography.Text type="secondary">×{finding.Count}</Typography.Text>
              {onLocate && (
                <Button size="small" type="link" onClick={() => onLocate(finding)}>
                  定位
                </Button>
              )}
              {onReplace && finding.Suggestion && (
                <Button size="small" onClick={() => onReplace(finding)} aria-label={`将「${finding.Word}」替换为「${finding.Suggestion}」`}>
                  替换
                </Button>
              )}
            </li>
          ))}
        </ul>
      }
    />
  );
}
