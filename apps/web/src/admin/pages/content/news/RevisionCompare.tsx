import { useMemo, type ReactNode } from 'react';
import { Table, Tag, Typography } from 'antd';
import { bodyText, comparedFields, textChanges, type ArticleSnapshot, type ComparedField } from './compare';
import styles from './revisions.module.css';

export interface ComparedSide {
  /** The column's heading: which version, who, when. */
  title: ReactNode;
  article: ArticleSnapshot;
}

interface FieldRow {
  label: string;
  before: string;
  after: string;
}

/**
 * Two states of an article side by side: the fields in a table (changed ones marked), then the
 * body's text with deletions struck on the left and insertions marked on the right. `fields`
 * leaves out what the two states do not both have (a 修改稿 has no status of its own).
 */
export function RevisionCompare({ before, after, fields = comparedFields }: { before: ComparedSide; after: ComparedSide; fields?: readonly ComparedField[] }) {
  const rows: FieldRow[] = fields.map((f) => ({ label: f.label, before: f.show(before.article), after: f.show(after.article) }));
  const changes = useMemo(
    () => textChanges(bodyText(before.article.NewContent), bodyText(after.article.NewContent)),
    [before.article.NewContent, after.article.NewContent],
  );
  const bodyChanged = changes.some((c) => c.added || c.removed);

  return (
    <>
      <Table<FieldRow>
        size="small"
        bordered
        pagination={false}
        rowKey="label"
        dataSource={rows}
        rowClassName={(r) => (r.before !== r.after ? (styles.changed ?? '') : '')}
        columns={[
          {
            title: '字段',
            dataIndex: 'label',
            width: 96,
            render: (label: string, r) =>
              r.before !== r.after ? (
                <>
                  {label} <Tag color="orange">已改</Tag>
                </>
              ) : (
                label
              ),
          },
          { title: before.title, dataIndex: 'before', render: (text: string) => <span style={{ overflowWrap: 'anywhere' }}>{text}</span> },
          { title: after.title, dataIndex: 'after', render: (text: string) => <span style={{ overflowWrap: 'anywhere' }}>{text}</span> },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        正文 {bodyChanged ? <Tag color="orange">已改</Tag> : <Tag>无改动</Tag>}
      </Typography.Title>
      {bodyChanged && (
        <div className={styles.legend}>
          <del>删除的文字</del>
          <ins>新增的文字</ins>
        </div>
      )}
      <div className={styles.sides}>
        <section className={styles.side} aria-label="正文（旧）">
          <div className={styles.sideTitle}>{before.title}</div>
          <p className={styles.text}>{changes.map((c, i) => (c.added ? null : c.removed ? <del key={i}>{c.value}</del> : <span key={i}>{c.value}</span>))}</p>
        </section>
        <section className={styles.side} aria-label="正文（新）">
          <div className={styles.sideTitle}>{after.title}</div>
          <p className={styles.text}>{changes.map((c, i) => (c.removed ? null : c.added ? <ins key={i}>{c.value}</ins> : <span key={i}>{c.value}</span>))}</p>
        </section>
      </div>
    </>
  );
}
