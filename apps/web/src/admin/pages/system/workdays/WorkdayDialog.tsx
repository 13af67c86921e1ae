import { useState } from 'react';
import { App, Button, Form, Popconfirm, Radio } from 'antd';
import {
  WORKDAY_NAME_MAX,
  WorkdayKind,
  isWeekend,
  isWorkdayKind,
  saveWorkdayBody,
  workdayMessages,
  type WorkdayDto,
  type WorkdayKindValue,
} from '@portal/shared';
import { systemApi } from '../../../../api/system';
import { closeRefusals } from '../../../../components/toast';
import { useFormSubmit } from '../../../../components/useFormSubmit';
import { useAuth } from '../../../access/AdminSession';
import { FormDialog } from '../../../shared/FormDialog';
import { TextItem } from '../../../shared/TextItem';
import { schemaRule } from '../../content/fields';
import { weekdayNames } from './calendarGrid';

/** The day opened in the year view, with its entry when it has one. */
export interface OpenDay {
  day: string;
  entry: WorkdayDto | undefined;
}

interface WorkdayForm {
  Kind: WorkdayKindValue;
  Name: string;
}

const weekdayOf = (day: string) => weekdayNames[new Date(`${day}T00:00:00Z`).getUTCDay()];

/**
 * 设置一天: 休 or 班 with its name, or 清除 to let the day follow the week again. 班 is offered on
 * Saturdays and Sundays only, as the server accepts it.
 */
export function WorkdayDialog({ open, onClose, onSaved }: { open: OpenDay | null; onClose: () => void; onSaved: () => void }) {
  const can = useAuth();
  const { message } = App.useApp();
  const [form] = Form.useForm<WorkdayForm>();
  const [clearing, setClearing] = useState(false);
  const entry = open?.entry;
  const weekend = open ? isWeekend(open.day) : false;
  const mayWrite = entry ? can('system:workday:edit') : can('system:workday:add');
  const done = (text: string) => {
    void message.success(text);
    onSaved();
  };
  const { submit, saving } = useFormSubmit(
    form,
    (v) => systemApi.saveWorkday({ Id: entry?.Id ?? 0, Date: open?.day ?? '', Kind: v.Kind, Name: v.Name }),
    () => done('已保存'),
  );
  const clear = async () => {
    if (!entry) return;
    setClearing(true);
    try {
      await systemApi.deleteWorkday(entry.Id);
      closeRefusals();
      done('已清除，该日按星期计算');
    } catch {
      // Shown by the API client.
    } finally {
      setClearing(false);
    }
  };
  const initial: WorkdayForm = {
    Kind: entry && isWorkdayKind(entry.Kind) ? entry.Kind : weekend ? WorkdayKind.Work : WorkdayKind.Rest,
    Name: entry?.Name ?? '',
  };
  const footer = [
    entry && can('system:workday:delete') && (
      <Popconfirm key="clear" title="清除该日的设置？" description="清除后该日按星期计算（周一至周五上班）。" onConfirm={() => void clear()}>
        <Button danger loading={clearing} style={{ float: 'left' }}>
          清除设置
        </Button>
      </Popconfirm>
    ),
    <Button key="cancel" onClick={onClose}>
      取消
    </Button>,
    mayWrite && (
      <Button key="save" type="primary" loading={saving} onClick={() => void submit()}>
        保存
      </Button>
    ),
  ];
  return (
    <FormDialog title={open ? `设置 ${open.day}（${weekdayOf(open.day)}）` : ''} open={open !== null} onCancel={onClose} footer={footer}>
      <Form form={form} layout="vertical" preserve={false} initialValues={initial} disabled={!mayWrite}>
        <Form.Item
          name="Kind"
          label="类型"
          rules={[{ required: true, message: workdayMessages.kindInvalid }]}
          extra={weekend ? undefined : '周一至周五本是工作日，只能设为休'}
        >
          <Radio.Group
            options={[
              { label: '休（放假）', value: WorkdayKind.Rest },
              { label: '班（调休上班）', value: WorkdayKind.Work, disabled: !weekend },
            ]}
          />
        </Form.Item>
        <TextItem
          name="Name"
          label="名称"
          rules={[schemaRule(saveWorkdayBody.shape.Name)]}
          maxLength={WORKDAY_NAME_MAX}
          placeholder="如：国庆节、国庆节调休上班"
        />
      </Form>
    </FormDialog>
  );
}
