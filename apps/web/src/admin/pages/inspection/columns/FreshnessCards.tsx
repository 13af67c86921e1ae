import { Alert } from 'antd';
import { FieldTimeOutlined, FileExclamationOutlined, HomeOutlined } from '@ant-design/icons';
import type { ColumnFreshnessReportDto } from '@portal/shared';
import { FigureCard, verdictTone as tone } from '../../stats/shared/FigureCard';
import styles from './columns.module.css';
import figureCard from '../../../shared/figureCard.module.css';

/** 首页最近更新: days since the home page's newest article, red beyond the inspection's two weeks. */
function HomeCard({ data, loading }: { data: ColumnFreshnessReportDto | undefined; loading: boolean }) {
  const home = data?.Home;
  const stale = home !== undefined && home.State !== 'ok';
  return (
    <FigureCard icon={<HomeOutlined />} tone={tone(stale)} label="首页最近更新" value={home?.DaysSince ?? undefined} unit="天前" loading={loading}>
      {home && (
        <div className={figureCard.note}>
          {home.LastPublishedAt ? (
            <span className={styles.homeArticle} title={home.Title}>
              {home.LastPublishedAt.slice(0, 10)} {home.MenuName}《{home.Title}》
            </span>
          ) : (
            <span>首页没有已发布的文章</span>
          )}
          <span className={stale ? styles.bad : styles.good}>{stale ? `超过 ${home.LimitDays} 天未更新` : `${home.LimitDays} 天内有更新`}</span>
        </div>
      )}
    </FigureCard>
  );
}

/** The home page's card, 超期栏目 and 空栏目, each red when it counts against the site. */
export function FreshnessCards({ data, loading }: { data: ColumnFreshnessReportDto | undefined; loading: boolean }) {
  return (
    <div className={figureCard.figures}>
      <HomeCard data={data} loading={loading} />
      <FigureCard icon={<FieldTimeOutlined />} tone={tone(Boolean(data?.Overdue))} label="超期栏目" value={data?.Overdue} unit="个" loading={loading}>
        <div className={figureCard.note}>超过更新周期未发布文章</div>
      </FigureCard>
      <FigureCard icon={<FileExclamationOutlined />} tone={tone(Boolean(data?.Empty))} label="空栏目" value={data?.Empty} unit="个" loading={loading}>
        <div className={figureCard.note}>没有已发布的文章</div>
      </FigureCard>
    </div>
  );
}

/**
 * What the inspection would make of it: 单项否决 when the home page is older than two weeks, or
 * when overdue and empty columns together reach the threshold; short of it, how far off it is.
 */
export function InspectionVerdict({ data }: { data: ColumnFreshnessReportDto }) {
  const stale = data.Overdue + data.Empty;
  const homeStale = data.Home.State !== 'ok';
  return (
    <>
      {homeStale && (
        <Alert
          type="error"
          showIcon
          title="单项否决：首页超过两周未更新"
          description={
            data.Home.LastPublishedAt
              ? `首页最新的文章发布于 ${data.Home.LastPublishedAt.slice(0, 10)}，已 ${data.Home.DaysSince} 天；检查指标要求首页 ${data.Home.LimitDays} 天内有更新。`
              : `首页没有已发布的文章；检查指标要求首页 ${data.Home.LimitDays} 天内有更新。`
          }
        />
      )}
      {data.Failing ? (
        <Alert
          type="error"
          showIcon
          title={`单项否决：超期栏目与空栏目合计 ${stale} 个`}
          description={`检查指标规定，${data.Threshold} 个及以上栏目未及时更新或为空即单项否决。请尽快在下列栏目发布文章；确实不需常更新的栏目，可设置合理的更新周期。`}
        />
      ) : (
        stale > 0 && <Alert type="warning" showIcon title={`超期栏目与空栏目合计 ${stale} 个，达到 ${data.Threshold} 个即单项否决`} />
      )}
    </>
  );
}
