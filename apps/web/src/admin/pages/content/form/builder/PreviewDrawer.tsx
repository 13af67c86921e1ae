import { useState } from 'react';
import { Alert, Button, Drawer, Grid, Space } from 'antd';
import type { FormField } from '@portal/shared';
import { FormView, formErrors, type FormErrors, type FormValues } from '../../../../../components/forms';
import styles from '../form.module.css';

interface PreviewDrawerProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  anonymous: boolean;
  /** The fields as the builder holds them now, saved or not. */
  fields: FormField[];
}

/**
 * 预览: the form as a visitor sees it, drawn by the public page's own renderer from what the
 * builder holds now; conditions show and hide fields as they are answered, and 检查填写 says what
 * the server would refuse. Nothing is sent.
 */
export function PreviewDrawer({ open, onClose, title, description, anonymous, fields }: PreviewDrawerProps) {
  const [values, setValues] = useState<FormValues>({});
  const [errors, setErrors] = useState<FormErrors | null>(null);
  const check = () => setErrors(formErrors(fields, values));
  // A phone's whole width, as a visitor's phone shows the form.
  const wide = Grid.useBreakpoint().md;
  return (
    <Drawer
      title="预览（访客看到的样子）"
      open={open}
      onClose={onClose}
      size={wide ? 720 : '100%'}
      destroyOnHidden
      afterOpenChange={(shown) => {
        if (!shown) return;
        setValues({});
        setErrors(null);
      }}
      footer={
        <Space>
          <Button type="primary" onClick={check}>
            检查填写
          </Button>
          <Button
            onClick={() => {
              setValues({});
              setErrors(null);
            }}
          >
            清空
          </Button>
        </Space>
      }
    >
      <h2 className={styles.previewTitle}>{title || '（未填写标题）'}</h2>
      {description && <p className={styles.previewDescription}>{description}</p>}
      {anonymous && <Alert className={styles.notice} type="info" showIcon title="本表单为匿名填写：提交内容不会记录您的身份。" />}
      {errors && Object.keys(errors).length === 0 && <Alert className={styles.notice} type="success" showIcon title="填写无误（预览不会提交）" />}
      <FormView
        definition={fields}
        value={values}
        onChange={(next) => {
          setValues(next);
          if (errors) setErrors(formErrors(fields, next));
        }}
        errors={errors ?? {}}
      />
    </Drawer>
  );
}
