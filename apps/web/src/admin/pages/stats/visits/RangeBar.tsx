import { App, Button, Segmented } from 'antd';
import { FileTextOutlined, ReloadOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { STATISTICS_FIRST_DAY, STATISTICS_MAX_DAYS, statisticsMessages, type VisitStatisticsDto } from '@portal/shared';
import { RangePicker } from '../../../../components/DatePickers';
import { Panel } from '../../../layout/Panel';
import { SettingsButton } from './SettingsDialog';
import { cstToday, datesOf, daysIn, presetLabels, rangeProblem, type Preset, type RangeChoice } from './range';
import bar from '../shared/periodBar.module.css';
import { useCustomChoice } from '../shared/useCustomChoice';
import styles from './visits.module.css';

const choices = (Object.keys(presetLabels) as (Preset | 'custom')[]).map((value) => ({ value, label: presetLabels[value] }));
const dayOf = (d: Dayjs) => d.format('YYYY-MM-DD');

/**
 * A day the picker does not offer: after today, before 2000, or (choosing the second end) more
 * than 366 days from the first. The server refuses all three too; refusing them here spares the
 * round trip, and the footer says why they are grey.
 */
function disabledDay(d: Dayjs, info?: { type?: string; from?: Dayjs }) {
  const day = dayOf(d);
  if (day > cstToday() || day < STATISTICS_FIRST_DAY) return true;
  return info?.type === 'date' && info.from !== undefined && Math.abs(d.diff(info.from, 'day')) >= STATISTICS_MAX_DAYS;
}

interface RangeBarProps {
  choice: RangeChoice;
  onChoose: (choice: RangeChoice) => void;
  data: VisitStatisticsDto | undefined;
  refreshing: boolean;
  onRefresh: () => void;
  /** 月度报告: the printable report of a month. */
  onReport: () => void;
}

/** The range's choices (今天…自定义), its days and the period they are compared with, when the figures were last rolled up, and 月度报告. */
export function RangeBar({ choice, onChoose, data, refreshing, onRefresh, onReport }: RangeBarProps) {
  const { message } = App.useApp();
  const { start, end } = datesOf(choice);
  const { open, setOpen, select } = useCustomChoice<Preset>({ start, end }, onChoose);

  const pick = (dates: [Dayjs | null, Dayjs | null] | null) => {
    if (!dates?.[0] || !dates[1]) return;
    const [from, to] = [dayOf(dates[0]), dayOf(dates[1])];
    // A typed range the calendar did not check: said here in the server's words, not sent. An end
    // before the start is only the middle of a choice (a new start picked, the end still to come).
    const problem = rangeProblem(from, to);
    if (!problem) onChoose({ preset: 'custom', start: from, end: to });
    else if (problem !== statisticsMessages.rangeInvalid) void message.warning(problem);
  };

  return (
    <Panel>
      <div className={bar.toolbar}>
        <Segmented<Preset | 'custom'> aria-label="统计区间" value={choice.preset} options={choices} onChange={select} />
        <RangePicker
          // The shared picker fills its container (a form's field); a toolbar's keeps to its dates.
          style={{ width: 260, maxWidth: '100%' }}
          aria-label="自定义统计区间"
          allowClear={false}
          value={[dayjs(start), dayjs(end)]}
          open={open}
          onOpenChange={setOpen}
          disabledDate={disabledDay}
          onChange={pick}
          renderExtraFooter={() => <span className={bar.pickerHint}>可选今天及以前的日期，最长{STATISTICS_MAX_DAYS}天</span>}
        />
        <Button icon={<ReloadOutlined />} loading={refreshing} onClick={onRefresh}>
          刷新
        </Button>
        <Button icon={<FileTextOutlined />} onClick={onReport}>
          月度报告
        </Button>
        <SettingsButton />
        <span className={styles.updated}>{data && (data.UpdatedAt ? `数据更新于 ${data.UpdatedAt}` : '数据尚未汇总')}</span>
      </div>
      {data && (
        <p className={bar.period}>
          {data.Start === data.End ? data.Start : `${data.Start} 至 ${data.End}`}（{daysIn(data.Start, data.End)}天），对比上一周期{' '}
          {data.PreviousStart === data.PreviousEnd ? data.PreviousStart : `${data.PreviousStart} 至 ${data.PreviousEnd}`}
        </p>
      )}
    </Panel>
  );
}
