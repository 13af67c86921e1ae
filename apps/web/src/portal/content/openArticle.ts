import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { articlePath, articleWarning } from '@portal/shared';
import { toast } from '../../components/toast';

/** What a list needs to know to open an article. */
export interface ArticleRef {
  NewsId: number;
  MenuId: number;
  Status: number;
}

export const articleHref = (a: Pick<ArticleRef, 'NewsId' | 'MenuId'>) => articlePath({ id: a.NewsId, menuId: a.MenuId });

/**
 * Opens an article from a list (spec §2 menuList): a closed, rejected or pending article
 * (Status 0, 2, 3) is not opened; its status text is shown as a warning instead.
 */
export function useOpenArticle(): (article: ArticleRef) => void {
  const navigate = useNavigate();
  return useCallback(
    (article: ArticleRef) => {
      const warning = articleWarning(article.Status);
      if (warning) toast('warning', warning);
      else void navigate(articleHref(article));
    },
    [navigate],
  );
}
