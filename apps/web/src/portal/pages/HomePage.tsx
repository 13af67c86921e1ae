import { carousel } from '@portal/shared';
import { useDisplay } from '../../AppProviders';
import { BannerCarousel } from '../home/BannerCarousel';
import { ShortcutTiles } from '../home/ShortcutTiles';
import { LatestNews } from '../home/LatestNews';
import { SeatFeature } from '../home/SeatFeature';
import { PositionTabs } from '../home/PositionTabs';
import styles from '../home/home.module.css';
import { usePageTitle } from '../content/usePageTitle';
import { useSiteInfo } from '../layout/useSiteInfo';
import { homeStateOf, read, type PageData } from '../pageData';
import { portalQueries } from '../queries';

/** The home page (spec §2 "Home"): carousel (not in 关怀版's simple view), shortcut tiles, latest news beside seat 4, the seat tabs. */
export function HomePage() {
  usePageTitle('');
  const site = useSiteInfo();
  const { care, simple } = useDisplay().prefs;
  return (
    <div className={styles.home}>
      {/* The page's one h1 for assistive technology and search engines; the masthead shows the name. */}
      <h1 className="visually-hidden">{site.data?.Name ?? '首页'}</h1>
      {!(care && simple) && <BannerCarousel />}
      <ShortcutTiles />
      <div className={styles.split}>
        <LatestNews className={styles.wide} />
        <SeatFeature className={styles.narrow} />
      </div>
      <PositionTabs />
    </div>
  );
}

/** /home: the carousel, 最新资讯, 行业资讯 and the tabs, at the pages its address names (no-script pagers). */
export const homeData: PageData = ({ params }) => {
  const { latest, seat, tabPage } = homeStateOf(params);
  // The carousel is left out of 关怀版's simple view, which the address does not say: its banners are loaded anyway.
  return {
    queries: [
      read(portalQueries.banners(carousel.bannerType)),
      read(portalQueries.latestNews(latest)),
      read(portalQueries.industryNews()),
      read(portalQueries.seatTab(seat, tabPage)),
    ],
  };
};
