import { createPortal } from 'react-dom';
import dayjs from 'dayjs';
import type { FormDetailDto, FormQuestionSummaryDto, FormSummaryDto } from '@portal/shared';
import type { FormResultFilters } from '../../../../../api/forms-admin';
import { kindName } from '../status';
import { QuestionSummary } from './QuestionSummary';
import styles from './results.module.css';

interface PrintSummaryProps {
  summary: FormSummaryDto;
  form: FormDetailDto;
  filters: FormResultFilters;
  numbered: { q: FormQuestionSummaryDto; number: number }[];
}

/** A4's printable width at the browser's 96 dpi, less the page margins. */
const PRINTED_WIDTH = 660;

function filterText({ level, region, start, end }: FormResultFilters) {
  const parts = [level ? '按会员等级' : '', region ? `地区含“${region}”` : '', start || end ? `提交日期 ${start ?? ''} 至 ${end ?? ''}` : ''];
  return parts.filter(Boolean).join('，');
}

/**
 * The summary as printed (打印汇总, or the browser's own print): a copy under <body> that only
 * the printer sees, with its charts drawn at the page's width, while the back office's frame
 * (sidebar, tabs, a page that scrolls inside the window) is left out of the print.
 */
export function PrintSummary({ summary, form, filters, numbered }: PrintSummaryProps) {
  const filtered = filterText(filters);
  return createPortal(
    <div className={styles.printCopy}>
      <h1 className={styles.printTitle}>{form.Title}</h1>
      <p className={styles.printMeta}>
        {kindName(form.Kind)}结果汇总 · 共 {summary.Responses} 份提交{filtered && ` · ${filtered}`} · 打印于 {dayjs().format('YYYY-MM-DD HH:mm')}
      </p>
      {numbered.map(({ q, number }) => (
        <QuestionSummary key={q.Key} question={q} number={number} width={PRINTED_WIDTH} />
      ))}
    </div>,
    document.body,
  );
}
