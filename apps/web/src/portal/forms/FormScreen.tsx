import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import ClockCircleFilled from '@ant-design/icons-svg/es/asn/ClockCircleFilled';
import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import LockFilled from '@ant-design/icons-svg/es/asn/LockFilled';
import { sitePages, type PublicFormDto } from '@portal/shared';
import { Icon } from '../../components/Icon';
import { MemberLoginButton } from '../content/MemberLoginButton';
import { StatusNotice } from '../content/Notices';
import { formQueries } from './queries';
import { AnswerForm } from './AnswerForm';
import { FormResults } from './FormResults';
import { audienceName, formState, kindName, stateNames, windowText, type FormState } from './formState';
import styles from './forms.module.css';

/** How often a form still taking answers reads its open results again. */
const RESULTS_REFRESH_MS = 10_000;

/**
 * One form as the public sees it, on its own page or in an article: what it is and where it
 * stands (kind, state, who may answer, when), its introduction, the anonymity notice before any
 * answer, then the fields to answer, or why not, or the thanks after a submission; and the
 * results when they are open to this caller.
 */
export function FormScreen({ form, embedded = false }: { form: PublicFormDto; embedded?: boolean }) {
  const client = useQueryClient();
  const [submitted, setSubmitted] = useState<number | null>(null);
  const state = formState(form);
  const resultsQuery = formQueries.formResults(form.Id);
  // While answers come in, the count follows them (the server's public count may be 5 s behind).
  const results = useQuery({ ...resultsQuery, enabled: form.ResultsOpen, refetchInterval: form.Accepting ? RESULTS_REFRESH_MS : false });
  const when = windowText(form);
  const shown: FormState = submitted !== null ? 'answered' : state;
  // The form again (closed or full meanwhile, answered now) and its results with the new answer.
  const readAgain = () => {
    void client.invalidateQueries({ queryKey: formQueries.publicForm(form.Id).queryKey });
    void client.invalidateQueries({ queryKey: resultsQuery.queryKey });
  };

  return (
    <div className={styles.screen}>
      <div className={styles.facts}>
        <span className={styles.kind}>{kindName(form.Kind)}</span>
        <span className={`${styles.state} ${styles[shown]}`}>{stateNames[shown]}</span>
        <span>填写范围：{audienceName(form.Audience)}</span>
        {when && <span>时间：{when}</span>}
      </div>
      {form.Description && <div className={styles.intro}>{form.Description}</div>}
      {form.Anonymous && state === 'open' && submitted === null && (
        <p className={styles.anonymous} data-testid="anonymous-notice">
          <Icon icon={EyeInvisibleOutlined} className={styles.anonymousIcon} />
          <span>
            <strong>匿名{kindName(form.Kind)}：</strong>提交的内容不记录您的姓名、会员身份和网络地址，任何人（包括协会工作人员）都无法知道是谁填写的。
          </span>
        </p>
      )}
      {submitted !== null ? (
        <StatusNotice
          icon={CheckCircleFilled}
          iconClassName={styles.successIcon}
          title={form.Kind === 'vote' ? '投票成功' : '提交成功'}
          text={`感谢您的参与！${form.Anonymous ? '' : `提交编号：${submitted}。`}`}
          // A member's named response is listed under 我的填报 (a visitor's and an anonymous one are kept with no one).
          actions={!form.NeedsCaptcha && !form.Anonymous ? <Link to={sitePages.myForms.path}>查看我的填报</Link> : undefined}
        />
      ) : state === 'open' ? (
        <AnswerForm
          form={form}
          onSubmitted={(id) => {
            setSubmitted(id);
            readAgain();
          }}
          onRefused={readAgain}
        />
      ) : (
        <Refusal form={form} state={state} embedded={embedded} />
      )}
      {results.data && <FormResults summary={results.data} headingLevel={embedded ? 3 : 2} />}
    </div>
  );
}

/** Why this caller cannot answer now, in the server's words, with the way on where there is one. */
function Refusal({ form, state, embedded }: { form: PublicFormDto; state: FormState; embedded: boolean }) {
  const actions = state === 'login' ? <MemberLoginButton /> : state === 'answered' ? <Link to={sitePages.myForms.path}>查看我的填报</Link> : undefined;
  // A form not open now is a matter of time, one for members a matter of signing in: neither is a fault.
  const icon = state === 'ended' || state === 'upcoming' ? ClockCircleFilled : state === 'login' ? LockFilled : undefined;
  return (
    <StatusNotice
      className={embedded ? styles.compactNotice : undefined}
      icon={icon}
      iconClassName={icon ? styles.quietIcon : undefined}
      title={form.Refusal}
      actions={actions}
    />
  );
}
