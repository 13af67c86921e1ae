import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import { ARTICLE_CRUMB, articleStatusNames, articleWarning, Code, messages, paging, type ArticleStatus, type NewsDetailDto } from '@portal/shared';
import { portalQueries } from '../queries';
import { articleMenuOf, isPositiveId, read, type PageData } from '../pageData';
import { ApiError } from '../../api/client';
import { SkeletonRows } from '../../components/Skeleton';
import buttons from '../../components/button.module.css';
import { PageLink, useMenuTree } from '../layout';
import { ContentPage } from '../content/ContentPage';
import { MenuCrumbs } from '../content/MenuCrumbs';
import { NewsList } from '../content/NewsList';
import { ArticleBody } from '../content/ArticleBody';
import { ShareBar } from '../content/ShareBar';
import { EmptyState } from '../content/EmptyState';
import { articleHref } from '../content/openArticle';
import { findMenuPath } from '../content/menuPath';
import { MemberLoginButton } from '../content/MemberLoginButton';
import { Callout, StatusNotice } from '../content/Notices';
import { LapsedNotice } from '../membership/LapsedNotice';
import { useMemberSession } from '../member/session';
import styles from '../content/content.module.css';
import { usePageTitle } from '../content/usePageTitle';
import { readAloudPart } from '../care/readAloud';

/** 上一篇 / 下一篇 from AboutList (SortNumber 1 previous, 0 next); 没有了 when there is none. */
function Neighbours({ article }: { article: NewsDetailDto }) {
  const rows = [
    { label: '上一篇', entry: article.AboutList.find((n) => n.SortNumber === 1) },
    { label: '下一篇', entry: article.AboutList.find((n) => n.SortNumber === 0) },
  ];
  return (
    <nav className={styles.neighbours} aria-label="上一篇和下一篇">
      {rows.map(({ label, entry }) => (
        <div key={label}>
          <span>{label}：</span>
          {entry ? <PageLink to={articleHref(entry)}>{entry.Title}</PageLink> : <span>没有了</span>}
        </div>
      ))}
    </nav>
  );
}

/** Up to 10 other articles of the same menu (spec §9: related 10, excluding the current one). */
function RelatedArticles({ menuId, newsId }: { menuId: number; newsId: number }) {
  const related = useQuery({ ...portalQueries.related(menuId), enabled: menuId > 0 });
  const items = (related.data?.List ?? []).filter((n) => n.NewsId !== newsId).slice(0, paging.related);
  return (
    <aside className={`${styles.aside} ${styles.panel}`}>
      <h2 className={styles.asideTitle}>相关文章</h2>
      <div className={styles.asideBody}>
        {related.isPending && menuId > 0 ? (
          <SkeletonRows rows={6} className={styles.relatedLoading} />
        ) : items.length > 0 ? (
          <NewsList items={items} label="相关文章" compact />
        ) : (
          <EmptyState />
        )}
      </div>
    </aside>
  );
}

/** The page's address, known in the browser only: empty on the server and in the first (hydrating) render. */
function useBrowserUrl(): string {
  const [url, setUrl] = useState('');
  useEffect(() => setUrl(window.location.href), []);
  return url;
}

function ArticleView({ article, preview }: { article: NewsDetailDto; preview: boolean }) {
  const warning = articleWarning(article.Status);
  const url = useBrowserUrl();
  // Of an unpublished article anyone but its author is told the status alone (no title, no date).
  if (warning && !article.NewContent && !preview) {
    return <StatusNotice className={styles.notice} title={<h1 className={styles.noticeTitle}>{warning}</h1>} text="该文章目前未公开，暂时无法阅读。" />;
  }
  return (
    <article>
      <header className={styles.articleHeader}>
        <h1 className={styles.articleTitle} {...readAloudPart}>
          {article.Title}
        </h1>
        <div className={styles.articleMeta}>
          <span>发布时间：{article.NewsCreateTime || article.CreateTime}</span>
          {article.Author && <span>作者：{article.Author}</span>}
          {article.Views > 0 && <span>浏览次数：{article.Views}</span>}
          {!warning && !preview && <ShareBar url={url} title={article.Title} />}
        </div>
      </header>
      <div {...readAloudPart}>
        {preview ? (
          // A staff preview link: the page as it will be, said to be a preview.
          <>
            <Callout
              tone="info"
              className={styles.notice}
            >{`预览：当前状态为「${articleStatusNames[article.Status as ArticleStatus] ?? article.Status}」，仅持有此链接的人可见，请勿转发`}</Callout>
            <ArticleBody html={article.NewContent} />
          </>
        ) : warning ? (
          // The contributor's own unpublished article: the server hands its text to its author only.
          <>
            <Callout tone="info" className={styles.notice}>{`${warning}，仅您本人可见`}</Callout>
            <ArticleBody html={article.NewContent} />
          </>
        ) : article.NewContent ? (
          <ArticleBody html={article.NewContent} />
        ) : (
          <EmptyState />
        )}
      </div>
      <Neighbours article={article} />
    </article>
  );
}

/**
 * No such article (Code 404, or no NewsId), reached inside the site: say so and offer the way
 * back. (Opened from outside, the server answers HTTP 404 and the layout shows the 404 page.)
 */
function ArticleMissing() {
  const navigate = useNavigate();
  return (
    <StatusNotice
      className={styles.notice}
      title={<h1 className={styles.noticeTitle}>{messages.articleNotFound}</h1>}
      text="该文章可能已被删除、撤回或尚未发布。"
      actions={
        <>
          <button type="button" className={buttons.secondary} onClick={() => void navigate(-1)}>
            返回上一页
          </button>
          <button type="button" className={buttons.primary} onClick={() => void navigate('/home')}>
            返回首页
          </button>
        </>
      }
    />
  );
}

/** Member-only article without a member session (Code 403). */
function MemberOnlyNotice() {
  return (
    <StatusNotice
      className={styles.notice}
      icon={LockOutlined}
      iconClassName={styles.lockIcon}
      title={<h1 className={styles.noticeTitle}>{messages.memberOnly}</h1>}
      actions={<MemberLoginButton />}
    />
  );
}

export function InfoPage() {
  const [params] = useSearchParams();
  const newsId = Number(params.get('NewsId'));
  const preview = params.get('preview') ?? undefined;
  const validId = isPositiveId(newsId);
  const detail = useQuery({ ...portalQueries.newsDetail(newsId, preview), enabled: validId });
  const tree = useMenuTree();
  const { loggedIn } = useMemberSession();

  // Following 上一篇/下一篇 keeps this page mounted: start the new article at the top.
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [newsId]);

  const menuId = articleMenuOf(detail.data, params);
  const path = findMenuPath(tree.data ?? [], menuId);
  const memberOnly = detail.error instanceof ApiError && detail.error.code === Code.Forbidden;
  // An unpublished article's title is not for the reader: the page is named by its status.
  usePageTitle(detail.data && (detail.data.Title || articleWarning(detail.data.Status) || ''));

  let main;
  if (validId && detail.isPending) main = <SkeletonRows rows={12} className={styles.articleLoading} />;
  // Refused with a member session, the membership has lapsed (an ended session answers 401): the
  // server's words (会员资格已过期…) and the way to renew, not a login prompt.
  else if (memberOnly && loggedIn) main = <LapsedNotice className={styles.notice} title={<h1 className={styles.noticeTitle}>{detail.error?.message}</h1>} />;
  else if (memberOnly) main = <MemberOnlyNotice />;
  else if (preview && detail.error instanceof ApiError && detail.error.code === Code.BadRequest)
    main = <StatusNotice className={styles.notice} title={<h1 className={styles.noticeTitle}>{detail.error.message}</h1>} />;
  else if (detail.data) main = <ArticleView article={detail.data} preview={preview !== undefined} />;
  else if (!validId || (detail.error instanceof ApiError && detail.error.code === Code.NotFound)) main = <ArticleMissing />;
  else main = <EmptyState />;

  return (
    <ContentPage>
      <div className={styles.crumbBar}>
        <span>当前位置：</span>
        <MenuCrumbs path={path} tail={ARTICLE_CRUMB} />
      </div>
      <div className={styles.columns}>
        <div className={`${styles.wide} ${styles.panel} ${styles.panelBody}`}>{main}</div>
        <RelatedArticles menuId={isPositiveId(menuId) ? menuId : 0} newsId={newsId} />
      </div>
    </ContentPage>
  );
}

/** /info: the article (or a preview link's), then the related list of its menu. */
export const infoData: PageData = ({ params }) => {
  const newsId = Number(params.get('NewsId'));
  const detail = isPositiveId(newsId) ? portalQueries.newsDetail(newsId, params.get('preview') ?? undefined) : undefined;
  return {
    queries: detail ? [read(detail)] : [],
    following: (client) => {
      const menuId = articleMenuOf(detail && client.getQueryData(detail.queryKey), params);
      return isPositiveId(menuId) ? [read(portalQueries.related(menuId))] : [];
    },
  };
};
