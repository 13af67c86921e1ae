import type { ReactNode } from 'react';
import { colors, theme } from '../../theme';
import { usePageTitle } from '../content/usePageTitle';
import { Filings } from '../layout/Filings';
import { useSiteInfo } from '../layout/useSiteInfo';

interface ErrorPageProps {
  /** The document title's own part (the site name follows it). */
  title: string;
  /** The HTTP status, drawn large. */
  status: string;
  heading: string;
  text: string;
  /** The one way on: back home, or try again. */
  action: ReactNode;
}

/**
 * The frame of the site's error pages, outside the portal layout: the emblem, the status in
 * large type, what happened and the one way on; the filing numbers at its foot, which come from
 * the server's configuration and so show even while the database is away.
 */
export function ErrorPage({ title, status, heading, text, action }: ErrorPageProps) {
  usePageTitle(title);
  const site = useSiteInfo().data;
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <main
        style={{
          flex: '1 0 auto',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 12,
          padding: 24,
          boxSizing: 'border-box',
          background: `radial-gradient(circle at 50% 30%, #ffffff 0%, ${colors.background} 70%)`,
          textAlign: 'center',
          fontFamily: theme.token?.fontFamily,
        }}
      >
        <img src="/emblem.svg" alt="协会会徽" width={96} height={96} />
        <div style={{ color: colors.primary, fontSize: 'clamp(72px, 18vw, 120px)', fontWeight: 700, lineHeight: 1.1, letterSpacing: 6 }} aria-hidden="true">
          {status}
        </div>
        <h1 style={{ margin: 0, color: colors.text, fontSize: 20, fontWeight: 500 }}>{heading}</h1>
        <p style={{ margin: '0 0 12px', color: colors.muted }}>{text}</p>
        {action}
      </main>
      {/* The filing numbers belong at the bottom of every page, this one too. */}
      <footer
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          justifyContent: 'center',
          gap: '4px 16px',
          padding: '12px 16px',
          background: colors.primaryDeep,
          color: '#fff',
          fontSize: '0.8125rem',
        }}
      >
        <span>{site?.Copyright}</span>
        <Filings site={site} />
      </footer>
    </div>
  );
}
