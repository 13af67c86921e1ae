import { lazy, Suspense } from 'react';
import type { FormQuestionSummaryDto, FormSummaryDto } from '@portal/shared';
import { useHydrated } from '../../components/useHydrated';
import styles from './forms.module.css';

// Recharts is drawn in the browser only, after the numbers (which the server's HTML holds in the tables).
const ChoiceChart = lazy(() => import('../../components/charts').then((m) => ({ default: m.ChoiceChart })));

/**
 * A vote's counts or a survey's published summary (GetFormResults): per question a chart and a
 * table of the counts and shares. Free-text answers are not published.
 */
export function FormResults({ summary, headingLevel = 2 }: { summary: FormSummaryDto; headingLevel?: 2 | 3 }) {
  const unit = summary.Kind === 'vote' ? '票' : '人';
  const Heading = `h${headingLevel}` as const;
  const Question = `h${headingLevel + 1}` as 'h3' | 'h4';
  return (
    <section className={styles.results} aria-label="结果">
      <Heading className={styles.resultsTitle}>{summary.Kind === 'vote' ? '投票结果' : '结果汇总'}</Heading>
      <p className={styles.meta}>共 {summary.Responses} 份提交；占比按作答该题的人数计算，结果可能有几秒延迟。</p>
      {summary.Questions.map((q, i) => (
        <div key={q.Key} className={styles.result}>
          <Question className={styles.resultQuestion}>
            {i + 1}. {q.Label}
          </Question>
          <p className={styles.meta}>
            {q.Answered} 人作答{q.Average !== null && `，平均 ${q.Average}`}
          </p>
          <QuestionNumbers question={q} unit={unit} />
        </div>
      ))}
    </section>
  );
}

function QuestionNumbers({ question: q, unit }: { question: FormQuestionSummaryDto; unit: string }) {
  const mounted = useHydrated();
  if (q.Matrix.length > 0)
    return (
      <div className={styles.tableScroll}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">行</th>
              {q.Matrix[0]!.Options.map((o) => (
                <th key={o.Option} scope="col">
                  {o.Option}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {q.Matrix.map((row) => (
              <tr key={row.Row}>
                <th scope="row">{row.Row}</th>
                {row.Options.map((o) => (
                  <td key={o.Option}>{`${o.Count}（${o.Percent}%）`}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  if (q.Options.length === 0) return q.Average === null ? <p className={styles.meta}>文字回答不公开。</p> : null;
  return (
    <div className={styles.resultBody}>
      {mounted && (
        <div className={styles.chart}>
          <Suspense fallback={null}>
            <ChoiceChart data={q.Options.map((o) => ({ label: o.Option, count: o.Count }))} label={q.Label} unit={unit} total={q.Answered} />
          </Suspense>
        </div>
      )}
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">选项</th>
            <th scope="col">{unit === '票' ? '票数' : '人数'}</th>
            <th scope="col">占比</th>
          </tr>
        </thead>
        <tbody>
          {q.Options.map((o) => (
            <tr key={o.Option}>
              <th scope="row">{o.Option}</th>
              <td>{o.Count}</td>
              <td>{`${o.Percent}%`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
