import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Col, Form, Row, Skeleton } from 'antd';
import { EyeOutlined, SaveOutlined } from '@ant-design/icons';
import { messages, type FormDetailDto, type FormField } from '@portal/shared';
import { formsAdminApi } from '../../../../../api/forms-admin';
import { useFormSubmit } from '../../../../../components/useFormSubmit';
import { useRefresh } from '../../../../list';
import { Panel } from '../../../../layout/Panel';
import { readField } from '../fields';
import { blankSettings, readSettings, saveBody, type FormSettings } from '../settings';
import { formKey, formsKey } from '../status';
import { SubPage } from '../SubPage';
import { FieldList } from './FieldList';
import { PreviewDrawer } from './PreviewDrawer';
import { SettingsCard } from './SettingsCard';
import styles from '../form.module.css';

interface FormBuilderProps {
  /** 0 for a new form. */
  formId: number;
  onBack: () => void;
  /** A new form was saved under this id: the builder goes on with it. */
  onCreated: (id: number) => void;
}

/**
 * 新增/编辑表单: the settings and the fields, saved together. After a save the screen is filled
 * again from the record read back, so it shows what the server kept. Fields with answers
 * (AnsweredFields) keep their type and cannot be removed; the server's refusal is shown above
 * the fields until the next save.
 */
export default function FormBuilder({ formId, onBack, onCreated }: FormBuilderProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormSettings>();
  const [fields, setFields] = useState<FormField[]>([]);
  const [refusal, setRefusal] = useState('');
  const [previewing, setPreviewing] = useState(false);
  const refreshList = useRefresh([formsKey]);
  const record = useQuery({ queryKey: formKey(formId), queryFn: () => formsAdminApi.detail(formId), enabled: formId > 0, staleTime: 0, gcTime: 0 });
  // The screen is filled from the record when it opens, then only by `reload` (after a save, or
  // asked for), not when a refusal reads the record again for its AnsweredFields alone.
  const fill = useCallback(
    (stored: FormDetailDto) => {
      form.setFieldsValue(readSettings(stored));
      setFields(stored.Fields.map(readField));
    },
    [form],
  );
  const filled = useRef(false);
  useEffect(() => {
    if (!record.data || filled.current) return;
    filled.current = true;
    fill(record.data);
  }, [record.data, fill]);

  /** The screen filled again from the stored form (from the answer itself: an unchanged record keeps its cached object). */
  const reload = () => {
    setRefusal('');
    void record.refetch().then((read) => read.data && fill(read.data));
  };

  const send = (settings: FormSettings) =>
    formsAdminApi.save(saveBody(formId, settings, fields)).catch((error: unknown) => {
      setRefusal(error instanceof Error ? error.message : '');
      // Answers may have come meanwhile: the fields they lock are read again.
      if (formId) void record.refetch();
      throw error;
    });
  const { submit: save, saving } = useFormSubmit(form, send, (id) => {
    setRefusal('');
    refreshList();
    void message.success(formId ? messages.saved : messages.ok);
    if (formId === 0) onCreated(id);
    else reload();
  });

  if (formId > 0 && !record.data) return <Panel>{record.isError ? <Alert type="error" title="表单读取失败" /> : <Skeleton active />}</Panel>;
  const answered = new Set(record.data?.AnsweredFields ?? []);
  return (
    <>
      <SubPage
        title={formId ? `编辑：${record.data?.Title ?? ''}` : '新增表单'}
        onBack={onBack}
        actions={
          <>
            <Button icon={<EyeOutlined />} onClick={() => setPreviewing(true)}>
              预览
            </Button>
            <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void save()}>
              保存
            </Button>
          </>
        }
      >
        {record.data && record.data.ResponseCount > 0 && (
          <Alert
            className={styles.notice}
            type="info"
            showIcon
            title={`已有${record.data.ResponseCount}份提交：已有人作答的题目不能删除或更改题型，可修改题目文字、说明和选项，也可添加新题目。`}
          />
        )}
        {refusal && (
          <Alert
            className={styles.notice}
            type="error"
            showIcon
            title={refusal}
            closable={{ onClose: () => setRefusal('') }}
            // Back to the stored form (a field removed here that has answers meanwhile comes back, locked).
            action={
              formId > 0 && (
                <Button size="small" onClick={reload}>
                  放弃修改，重新载入
                </Button>
              )
            }
          />
        )}
        {/* A new form starts from its defaults at once (set by an effect, they could land after the first keystroke). */}
        <Form form={form} layout="vertical" initialValues={formId === 0 ? blankSettings() : undefined}>
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={9}>
              <SettingsCard form={form} fields={fields} onFieldsChange={setFields} />
            </Col>
            <Col xs={24} lg={15}>
              <FieldList fields={fields} answered={answered} onChange={setFields} />
            </Col>
          </Row>
        </Form>
      </SubPage>
      <PreviewDrawer
        open={previewing}
        onClose={() => setPreviewing(false)}
        title={form.getFieldValue('Title') ?? ''}
        description={form.getFieldValue('Description') ?? ''}
        anonymous={form.getFieldValue('Anonymous') ?? false}
        fields={fields}
      />
    </>
  );
}
