import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Switch } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { messages, sitePages, type StatisticsSettingsDto } from '@portal/shared';
import { statisticsApi } from '../../../../api/statistics';
import { useFormSubmit } from '../../../../components/useFormSubmit';
import { Auth } from '../../../access/AdminSession';
import { FormDialog } from '../../../shared/FormDialog';
import { visitStatsKeys } from '../shared/keys';

/**
 * 统计设置: whether a browser asking not to be tracked (Do Not Track, Global Privacy Control) is
 * left out of 访问统计. Off by default: the counting keeps nothing about a person either way.
 */
function SettingsDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: (text: string) => void }) {
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: visitStatsKeys.settings, queryFn: statisticsApi.settings, enabled: open });
  const [form] = Form.useForm<StatisticsSettingsDto>();
  useEffect(() => {
    if (open && settings.data) form.setFieldsValue(settings.data);
  }, [open, settings.data, form]);
  const { submit, saving } = useFormSubmit(form, statisticsApi.saveSettings, (saved) => {
    queryClient.setQueryData(visitStatsKeys.settings, saved);
    onDone(messages.saved);
  });
  return (
    <FormDialog title="统计设置" open={open} onOk={() => void submit()} onCancel={onClose} saving={saving} loading={settings.isPending}>
      <Form form={form} layout="vertical">
        <Form.Item
          name="HonourDoNotTrack"
          label="遵从“请勿跟踪”"
          valuePropName="checked"
          extra={
            <>
              开启后，浏览器发出“请勿跟踪”（DNT）或“全局隐私控制”（GPC）信号的访问不计入访问统计，几秒钟后生效。访问统计不使用 Cookie，不保存 IP
              地址，访客摘要次日即无法还原；
              <a href={sitePages.privacy.path} target="_blank" rel="noreferrer">
                隐私政策
              </a>
              的默认文本已说明统计方式。默认关闭。
            </>
          }
        >
          <Switch />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}

/** 统计设置's button and dialog, for staff granted 访问统计设置 (stats:setting). */
export function SettingsButton() {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  return (
    <Auth perm="stats:setting">
      <Button icon={<SettingOutlined />} onClick={() => setOpen(true)}>
        统计设置
      </Button>
      <SettingsDialog
        open={open}
        onClose={() => setOpen(false)}
        onDone={(text) => {
          void message.success(text);
          setOpen(false);
        }}
      />
    </Auth>
  );
}
