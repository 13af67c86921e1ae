import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/** A click the page handles itself: the main button with no key held (others open a tab or a window). */
export const isPlainClick = (e: MouseEvent) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

type PageLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/**
 * A link to a page of this site, opened in-app on a plain click. A plain anchor rather than the
 * router's Link: Link resolves its path against the route tree and subscribes to the location at
 * every drawing, and the navigation draws dozens of links on every page the server draws. As
 * with Link, a link to the page shown replaces it in the history instead of adding it again.
 */
export function PageLink({ to, onClick, children, ...anchor }: PageLinkProps) {
  const navigate = useNavigate();
  return (
    <a
      {...anchor}
      href={to}
      onClick={(e) => {
        onClick?.(e);
        if (e.defaultPrevented || !isPlainClick(e) || anchor.target) return;
        e.preventDefault();
        void navigate(to, { replace: to === window.location.pathname + window.location.search });
      }}
    >
      {children}
    </a>
  );
}
