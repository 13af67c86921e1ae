import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { privacyVersionPath, sitePages } from '@portal/shared';
import { SkeletonRows } from '../../components/Skeleton';
import { StatusNotice } from '../content/Notices';
import { usePageTitle } from '../content/usePageTitle';
import { PageLink } from '../layout';
import { privacyVersionOf, read, type PageData } from '../pageData';
import { privacyQueries } from '../privacy/queries';
import statement from '../care/statement.module.css';
import styles from './privacy.module.css';

/** The day of a China time `yyyy-MM-dd HH:mm:ss`, as the policy names its versions: 2026年11月28日. */
const dayOf = (time: string) => {
  const [y, m, d] = time.slice(0, 10).split('-');
  return `${y}年${Number(m)}月${Number(d)}日`;
};

/**
 * 隐私政策 (/privacy): the current version of the association's privacy policy with its date and
 * what it changed, and every published version below it (?Version= shows an earlier one, with a
 * link back to the current). Written in 系统管理 → 隐私政策; the server sanitised it on save.
 */
export function PrivacyPage() {
  const [params] = useSearchParams();
  const asked = privacyVersionOf(params);
  const policy = useQuery(privacyQueries.privacyPolicy(asked));
  const shown = policy.data;
  usePageTitle(shown && shown.Version !== shown.CurrentVersion ? `隐私政策（第${shown.Version}版）` : sitePages.privacy.title);

  if (policy.isError)
    return (
      <article className={statement.statement}>
        <h1>隐私政策</h1>
        <StatusNotice title={policy.error.message} text="该版本不存在，请查看当前版本。" />
        <p>
          <PageLink to={sitePages.privacy.path}>查看当前版本</PageLink>
        </p>
      </article>
    );
  if (!shown)
    return (
      <article className={statement.statement}>
        <h1>隐私政策</h1>
        <SkeletonRows rows={10} />
      </article>
    );

  const earlier = shown.Version !== shown.CurrentVersion;
  return (
    <article className={statement.statement}>
      <h1>隐私政策</h1>
      <p className={styles.edition}>
        第{shown.Version}版 · {dayOf(shown.PublishTime)}发布{earlier ? '' : '并生效'}
      </p>
      {earlier && (
        <p className={styles.earlier} role="note">
          您正在查看历史版本，现行版本为第{shown.CurrentVersion}版。<PageLink to={sitePages.privacy.path}>查看现行版本</PageLink>
        </p>
      )}
      <p className={styles.summary}>
        <strong>本版变更：</strong>
        {shown.Summary}
      </p>
      <div className={styles.policy} dangerouslySetInnerHTML={{ __html: shown.Content }} />

      <h2>历次版本</h2>
      <table className={statement.shortcuts}>
        <caption className="visually-hidden">隐私政策历次版本</caption>
        <thead>
          <tr>
            <th scope="col">版本</th>
            <th scope="col">发布日期</th>
            <th scope="col">变更说明</th>
          </tr>
        </thead>
        <tbody>
          {shown.Versions.map((v) => (
            <tr key={v.Version}>
              <td>
                {v.Version === shown.Version ? (
                  <span aria-current="page">第{v.Version}版（本页）</span>
                ) : (
                  <PageLink to={v.Version === shown.CurrentVersion ? sitePages.privacy.path : privacyVersionPath(v.Version)}>第{v.Version}版</PageLink>
                )}
                {v.Version === shown.CurrentVersion && '　现行'}
              </td>
              <td className={styles.date}>{v.PublishTime.slice(0, 10)}</td>
              <td>{v.Summary}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </article>
  );
}

/** /privacy: the version asked for (the current one by default) and the published history. */
export const privacyData: PageData = ({ params }) => ({ queries: [read(privacyQueries.privacyPolicy(privacyVersionOf(params)))] });
