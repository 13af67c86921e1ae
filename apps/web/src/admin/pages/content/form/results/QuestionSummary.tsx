import { Table } from 'antd';
import { textFieldTypes, type FormFieldType, type FormQuestionSummaryDto } from '@portal/shared';
import { ChoiceChart } from '../../../../../components/charts';
import styles from './results.module.css';

/** A pie reads well for a single pick among few options; more, or several picks, get bars. */
const PIE_MOST = 5;

interface QuestionSummaryProps {
  question: FormQuestionSummaryDto;
  number: number;
  /** A fixed chart width for the printed copy. */
  width?: number;
  /** The free-text answers, where the question has them (the screen's list); on paper, a pointer to the export. */
  texts?: React.ReactNode;
}

const isType = (q: FormQuestionSummaryDto, ...types: FormFieldType[]) => types.includes(q.Type as FormFieldType);

/** One question's results: how many answered, its chart (choices, a rating, provinces), its average, a matrix's table. */
export function QuestionSummary({ question: q, number, width, texts }: QuestionSummaryProps) {
  const counts = q.Options.map((o) => ({ label: isType(q, 'rating') ? `${o.Option}分` : o.Option, count: o.Count }));
  const pie = isType(q, 'radio', 'select') && q.Options.length <= PIE_MOST;
  return (
    <section className={styles.question} aria-label={q.Label}>
      <h3 className={styles.questionTitle}>
        {number}. {q.Label}
      </h3>
      <div className={styles.questionMeta}>
        <span>{q.Answered} 人作答</span>
        {q.Average !== null && (
          <span>
            平均{isType(q, 'rating') ? '分' : '值'} <strong className={styles.average}>{q.Average.toFixed(2)}</strong>
          </span>
        )}
      </div>
      {q.Answered > 0 && counts.length > 0 && (
        <ChoiceChart data={counts} label={q.Label} kind={pie ? 'pie' : 'bar'} unit="人" total={q.Answered} width={width} />
      )}
      {q.Matrix.length > 0 && <MatrixTable question={q} />}
      {isType(q, ...textFieldTypes) && (texts ?? <p className={styles.textsElsewhere}>文本回答见导出的提交记录</p>)}
    </section>
  );
}

/** A matrix: a row per item, a column per point of the scale, each cell its count and share. */
function MatrixTable({ question }: { question: FormQuestionSummaryDto }) {
  const columns = question.Matrix[0]?.Options.map((o) => o.Option) ?? [];
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="Row"
      scroll={{ x: 'max-content' }}
      dataSource={question.Matrix}
      columns={[
        { title: '', dataIndex: 'Row', fixed: 'left' },
        ...columns.map((column, i) => ({
          title: column,
          key: column,
          render: (_: unknown, row: FormQuestionSummaryDto['Matrix'][number]) => {
            const cell = row.Options[i]!;
            return `${cell.Count}（${cell.Percent}%）`;
          },
        })),
      ]}
    />
  );
}
