import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Result, Skeleton, Switch } from 'antd';
import { mailingCategories, mailingCategoryNames, mailingMessages, type MailingCategory, type MailPreferencesDto } from '@portal/shared';
import { mailPreferencesApi } from '../../api/mail-preferences';
import { useFormSubmit } from '../../components/useFormSubmit';
import { mailPreferencesKey } from './preferencesKey';
import styles from './mailings.module.css';

/** What each category brings, under its name. */
const hints: Record<MailingCategory, string> = {
  notice: '协会发布的重要通知、公告与政策解读',
  activity: '会议、培训、考察等活动的报名与安排',
  dues: '会费缴纳、会籍到期与续费提醒',
  survey: '问卷调查、意见征集与投票邀请',
};

/**
 * 通知设置: a switch per category, as GetMailPreferences reads them; 保存 sends them all
 * (SaveMailPreferences) and the page shows what the server answers it holds.
 */
export function MailPreferences() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<MailPreferencesDto>();
  const saved = useQuery({ queryKey: mailPreferencesKey, queryFn: mailPreferencesApi.mine });
  const { submit, saving } = useFormSubmit(form, mailPreferencesApi.save, (answer) => {
    queryClient.setQueryData(mailPreferencesKey, answer);
    form.setFieldsValue(answer);
    void message.success(mailingMessages.preferencesSaved);
  });

  if (saved.isPending) return <Skeleton active title={false} paragraph={{ rows: 5 }} />;
  if (saved.isError) return <Result status="warning" title={saved.error.message} />;
  return (
    <Form form={form} initialValues={saved.data} onFinish={() => void submit()} className={styles.preferences}>
      <p className={styles.intro}>请选择您希望接收的会员通知。关闭某一类别后，协会将不再通过电子邮件和站内信向您发送该类通知，您可随时在此重新开启。</p>
      <ul className={styles.categories} aria-label="通知类别">
        {mailingCategories.map((category) => (
          <Category key={category} category={category} />
        ))}
      </ul>
      <Button type="primary" htmlType="submit" loading={saving} className={styles.save}>
        保存
      </Button>
    </Form>
  );
}

/** One category: its name and what it brings, whether it is received now, and its switch. */
function Category({ category }: { category: MailingCategory }) {
  const id = `mail-preference-${category}`;
  const on = Form.useWatch(category, Form.useFormInstance<MailPreferencesDto>());
  return (
    <li className={styles.category}>
      <div className={styles.categoryText}>
        <label htmlFor={id} className={styles.categoryName}>
          {mailingCategoryNames[category]}
        </label>
        <span id={`${id}-hint`} className={styles.categoryHint}>
          {hints[category]}
        </span>
      </div>
      {/* The switch says it to assistive technology itself (checked or not). */}
      <span className={on ? styles.stateOn : styles.stateOff} aria-hidden="true">
        {on ? '接收' : '不接收'}
      </span>
      <Form.Item name={category} valuePropName="checked" noStyle>
        <Switch id={id} aria-describedby={`${id}-hint`} />
      </Form.Item>
    </li>
  );
}
