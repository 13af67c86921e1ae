import { Alert, Form, Radio } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  isMemorialScope,
  MEMORIAL_MAX_DAYS,
  MemorialScope,
  memorialDayCount,
  memorialMessages,
  memorialScopeNames,
  type MemorialDayDto,
  type MemorialScopeValue,
} from '@portal/shared';
import { systemApi } from '../../../../api/system';
import { RangePicker } from '../../../../components/DatePickers';
import { RecordDialog, type EditDialogProps } from '../../../list';
import { TextItem } from '../../../shared/TextItem';

const dateFormat = 'YYYY-MM-DD';

interface MemorialForm {
  /** Both days included; the same day twice for a single day. */
  Dates: [Dayjs, Dayjs] | null;
  Scope: MemorialScopeValue;
  Note: string;
}

const scopeOptions = [MemorialScope.Home, MemorialScope.Site].map((value) => ({ label: memorialScopeNames[value], value }));

const formValues = (day: MemorialDayDto | null): MemorialForm =>
  day
    ? { Dates: [dayjs(day.StartDate), dayjs(day.EndDate)], Scope: isMemorialScope(day.Scope) ? day.Scope : MemorialScope.Site, Note: day.Note }
    : { Dates: null, Scope: MemorialScope.Site, Note: '' };

/** The range the picker gives is ordered; only its length is left to check (the server checks again). */
const checkDates = (_: unknown, dates: [Dayjs | null, Dayjs | null] | null) => {
  const [start, end] = dates ?? [null, null];
  if (!start) return Promise.reject(new Error(memorialMessages.startRequired));
  if (!end) return Promise.reject(new Error(memorialMessages.endRequired));
  if (end.isBefore(start, 'day')) return Promise.reject(new Error(memorialMessages.endBeforeStart));
  if (memorialDayCount(start.format(dateFormat), end.format(dateFormat)) > MEMORIAL_MAX_DAYS)
    return Promise.reject(new Error(memorialMessages.rangeTooLong(MEMORIAL_MAX_DAYS)));
  return Promise.resolve();
};

/** 新增/修改哀悼日: the days (past, today or ahead), the scope, a note. */
export function MemorialDialog(props: EditDialogProps<MemorialDayDto>) {
  return (
    <RecordDialog<MemorialDayDto, MemorialForm>
      noun="哀悼日"
      values={formValues}
      save={({ Dates, Scope, Note }, day) =>
        systemApi.saveMemorialDay({
          Id: day?.Id ?? 0,
          StartDate: Dates?.[0].format(dateFormat) ?? '',
          EndDate: Dates?.[1].format(dateFormat) ?? '',
          Scope,
          Note,
        })
      }
      {...props}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="所选日期内（北京时间，含首尾两天）官网按范围显示为灰色；关怀模式照常可用，后台不会变灰。"
      />
      <Form.Item name="Dates" label="哀悼日期" required rules={[{ validator: checkDates }]} extra="单日请在开始和结束都选择同一天">
        <RangePicker format={dateFormat} placeholder={['开始日期', '结束日期']} />
      </Form.Item>
      <Form.Item name="Scope" label="置灰范围" rules={[{ required: true, message: memorialMessages.scopeInvalid }]}>
        <Radio.Group options={scopeOptions} />
      </Form.Item>
      <TextItem name="Note" label="备注" rules={[{ max: 100 }]} maxLength={100} placeholder="如：全国哀悼日" />
    </RecordDialog>
  );
}
