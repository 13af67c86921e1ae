import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { articleHref, useOpenArticle, type ArticleRef } from './openArticle';

/**
 * A link to an article's page. A plain click goes through the status check of useOpenArticle;
 * modified clicks (new tab, new window) are left to the browser.
 */
export function ArticleLink({ article, className, title, children }: { article: ArticleRef; className?: string; title?: string; children: ReactNode }) {
  const open = useOpenArticle();
  return (
    <Link
      to={articleHref(article)}
      className={className}
      title={title}
      onClick={(e) => {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        open(article);
      }}
    >
      {children}
    </Link>
  );
}
