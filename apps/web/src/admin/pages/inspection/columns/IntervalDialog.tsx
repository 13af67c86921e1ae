import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, InputNumber } from 'antd';
import {
  COLUMN_INTERVAL_MAX_DAYS,
  columnKindNames,
  defaultColumnIntervals,
  inspectionMessages,
  messages,
  saveColumnIntervalBody,
  type ColumnFreshnessDto,
} from '@portal/shared';
import { inspectionApi } from '../../../../api/inspection';
import { closeRefusals } from '../../../../components/toast';
import { useFormSubmit } from '../../../../components/useFormSubmit';
import { FormDialog } from '../../../shared/FormDialog';
import { columnFreshnessKeys } from './keys';
import styles from './columns.module.css';

/** What the inspection expects of its kinds of column, for the office choosing an interval. */
const guide = '检查指标：动态、要闻类栏目 2 周内须有更新；通知公告、政策文件类 6 个月；人事、规划计划类 1 年。';

interface IntervalDialogProps {
  /** The column whose interval is set; null: closed. */
  column: ColumnFreshnessDto | null;
  onClose: () => void;
}

/**
 * 设置周期: a column's expected update interval, 1–365 days, or 恢复默认 (its kind's default). The
 * dialog closes with 修改成功 once the server has stored it and the table has been read again.
 */
export function IntervalDialog({ column, onClose }: IntervalDialogProps) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ Days: number }>();
  const [restoring, setRestoring] = useState(false);
  const done = async () => {
    await queryClient.invalidateQueries({ queryKey: columnFreshnessKeys.all });
    void message.success(messages.saved);
    onClose();
  };
  const { submit, saving } = useFormSubmit(form, ({ Days }) => inspectionApi.saveInterval({ MenuId: column!.Id, Days }), done);
  const restore = () => {
    setRestoring(true);
    inspectionApi
      .saveInterval({ MenuId: column!.Id, Days: null })
      .then(() => {
        closeRefusals();
        return done();
      })
      // A refusal was shown by the API client; the dialog stays open.
      .catch(() => undefined)
      .finally(() => setRestoring(false));
  };
  const fallback = column ? defaultColumnIntervals[column.Kind] : 0;

  return (
    <FormDialog
      title="设置更新周期"
      open={column !== null}
      onCancel={onClose}
      footer={[
        <Button key="restore" onClick={restore} loading={restoring} disabled={!column || column.IntervalIsDefault || saving}>
          恢复默认
        </Button>,
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Button key="ok" type="primary" onClick={() => void submit()} loading={saving} disabled={restoring}>
          确定
        </Button>,
      ]}
    >
      {column && (
        <Form form={form} layout="vertical" initialValues={{ Days: column.IntervalDays }}>
          <p className={styles.dialogColumn}>{column.Path}</p>
          <Form.Item
            name="Days"
            label="更新周期"
            rules={[
              { required: true, message: inspectionMessages.intervalInvalid },
              {
                validator: async (_, value: unknown) => {
                  const problem = saveColumnIntervalBody.shape.Days.safeParse(value).error?.issues[0]?.message;
                  if (value !== null && value !== undefined && problem) throw new Error(problem);
                },
              },
            ]}
            extra={
              <>
                超过此天数未发布文章即为超期。默认：{columnKindNames[column.Kind]} {fallback} 天。
                <br />
                {guide}
              </>
            }
          >
            <InputNumber<number> min={1} max={COLUMN_INTERVAL_MAX_DAYS} precision={0} suffix="天" style={{ width: 160 }} />
          </Form.Item>
        </Form>
      )}
    </FormDialog>
  );
}
