import { useNavigate } from 'react-router';
import HomeOutlined from '@ant-design/icons-svg/es/asn/HomeOutlined';
import { Icon } from '../../components/Icon';
import { colors, theme } from '../../theme';
import { usePageTitle } from '../content/usePageTitle';
import { Filings } from '../layout/Filings';
import { useSiteInfo } from '../layout/useSiteInfo';
import buttons from '../../components/button.module.css';

/** What was not found: a page (the default), or an article the server answered 404 for. */
const subjects = {
  page: { title: '页面不存在', heading: '抱歉，您访问的页面不存在', text: '您要找的页面可能已被删除、更名或暂时不可用。' },
  article: { title: '文章不存在', heading: '抱歉，您访问的文章不存在', text: '该文章可能已被删除、撤回或尚未发布。' },
} as const;

/** The error page of spec §2 (/404 and every unmatched address), outside the portal layout; the filing numbers at its foot. */
export function NotFoundPage({ subject = 'page' }: { subject?: keyof typeof subjects }) {
  const { title, heading, text } = subjects[subject];
  usePageTitle(title);
  const navigate = useNavigate();
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
      <div
        style={{ color: colors.primary, fontSize: 'clamp(72px, 18vw, 120px)', fontWeight: 700, lineHeight: 1.1, letterSpacing: 6 }}
        aria-hidden="true"
      >
        404
      </div>
      <h1 style={{ margin: 0, color: colors.text, fontSize: 20, fontWeight: 500 }}>{heading}</h1>
      <p style={{ margin: '0 0 12px', color: colors.muted }}>{text}</p>
      <button type="button" className={`${buttons.primary} ${buttons.large}`} onClick={() => void navigate('/home')}>
        <Icon icon={HomeOutlined} /> 返回首页
      </button>
    </main>
    {/* The filing numbers belong at the bottom of every page, this one too. */}
    <footer style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: '4px 16px', padding: '12px 16px', background: colors.primaryDeep, color: '#fff', fontSize: '0.8125rem' }}>
      <span>{site?.Copyright}</span>
      <Filings site={site} />
    </footer>
    </div>
  );
}
