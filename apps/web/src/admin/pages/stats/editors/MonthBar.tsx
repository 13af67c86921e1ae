import { App, Segmented } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { EDITOR_OUTPUT_MAX_MONTHS, type EditorOutputDto, type EditorOutputQuery } from '@portal/shared';
import { statisticsApi } from '../../../../api/statistics';
import { RangePicker } from '../../../../components/DatePickers';
import { DownloadButton } from '../../../../components/DownloadButton';
import { Auth } from '../../../access/AdminSession';
import { Panel } from '../../../layout/Panel';
import { editorFiguresNote } from '../shared/editorFigures';
import { cstMonth } from '../shared/months';
import { monthRangeProblem, monthsOf, presetLabels, type MonthChoice, type Preset } from './range';
import bar from '../shared/periodBar.module.css';
import { useCustomChoice } from '../shared/useCustomChoice';
import styles from './editors.module.css';

const choices = (Object.keys(presetLabels) as (Preset | 'custom')[]).map((value) => ({ value, label: presetLabels[value] }));
const monthOf = (d: Dayjs) => d.format('YYYY-MM');

/** A month the picker does not offer: after this month, or (choosing the second end) more than 36 months from the first. */
function disabledMonth(d: Dayjs, info?: { from?: Dayjs }) {
  if (monthOf(d) > cstMonth()) return true;
  return info?.from !== undefined && Math.abs(d.diff(info.from, 'month')) >= EDITOR_OUTPUT_MAX_MONTHS;
}

interface MonthBarProps {
  choice: MonthChoice;
  onChoose: (choice: MonthChoice) => void;
  /** The months on screen (the server's answer, or those asked for until it comes): what 导出 asks for too. */
  shown: Required<EditorOutputQuery>;
  data: EditorOutputDto | undefined;
}

/** The months' choices (本月, 上月, 今年, 自定义), 导出 for holders of stats:editors:export, the months shown and what the figures count. */
export function MonthBar({ choice, onChoose, shown, data }: MonthBarProps) {
  const { message } = App.useApp();
  const { start, end } = monthsOf(choice);
  const { open, setOpen, select } = useCustomChoice<Preset>({ start, end }, onChoose);

  const pick = (months: [Dayjs | null, Dayjs | null] | null) => {
    if (!months?.[0] || !months[1]) return;
    const [from, to] = [monthOf(months[0]), monthOf(months[1])];
    // An end before the start is only the middle of a choice (a new start picked, the end still to come).
    if (from > to) return;
    const problem = monthRangeProblem(from, to);
    if (problem) void message.warning(problem);
    else onChoose({ preset: 'custom', start: from, end: to });
  };

  return (
    <Panel>
      <div className={bar.toolbar}>
        <Segmented<Preset | 'custom'> aria-label="统计月份" value={choice.preset} options={choices} onChange={select} />
        <RangePicker
          picker="month"
          // The shared picker fills its container (a form's field); a toolbar's keeps to its months.
          style={{ width: 220, maxWidth: '100%' }}
          aria-label="自定义统计月份"
          allowClear={false}
          value={[dayjs(`${start}-01`), dayjs(`${end}-01`)]}
          open={open}
          onOpenChange={setOpen}
          disabledDate={disabledMonth}
          onChange={pick}
          renderExtraFooter={() => <span className={bar.pickerHint}>可选本月及以前的月份，最长{EDITOR_OUTPUT_MAX_MONTHS}个月</span>}
        />
        <span className={styles.export}>
          <Auth perm="stats:editors:export">
            <DownloadButton icon={<FileExcelOutlined />} run={() => statisticsApi.exportEditors(shown, `编辑工作量-${shown.start}至${shown.end}.xlsx`)}>
              导出
            </DownloadButton>
          </Auth>
        </span>
      </div>
      {data && (
        <p className={bar.period}>
          {data.Start === data.End ? data.Start : `${data.Start} 至 ${data.End}`}（{data.Months.length}个月）
        </p>
      )}
      {/* What the cards and the table's columns count, once for both. */}
      <p className={styles.note}>{editorFiguresNote}</p>
    </Panel>
  );
}
