import type { ReactNode } from 'react';
import { isPlainClick } from '../layout';
import { articleHref, useOpenArticle, type ArticleRef } from './openArticle';

/**
 * A link to an article's page. A plain click goes through the status check of useOpenArticle;
 * modified clicks (new tab, new window) are left to the browser. A plain anchor, not the
 * router's Link: every click Link would navigate is handled here, so its hooks (resolving the
 * path, the prefetch behaviour) were work for nothing on each of a page's dozens of articles.
 */
export function ArticleLink({ article, className, title, children }: { article: ArticleRef; className?: string; title?: string; children: ReactNode }) {
  const open = useOpenArticle();
  return (
    <a
      href={articleHref(article)}
      className={className}
      title={title}
      onClick={(e) => {
        if (!isPlainClick(e)) return;
        e.preventDefault();
        open(article);
      }}
    >
      {children}
    </a>
  );
}
