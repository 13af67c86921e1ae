import { BannerCarousel } from '../home/BannerCarousel';
import { ShortcutTiles } from '../home/ShortcutTiles';
import { LatestNews } from '../home/LatestNews';
import { SeatFeature } from '../home/SeatFeature';
import { PositionTabs } from '../home/PositionTabs';
import styles from '../home/home.module.css';
import { usePageTitle } from '../content/usePageTitle';

/** The home page (spec §2 "Home"): carousel, shortcut tiles, latest news beside seat 4, the seat tabs. */
export function HomePage() {
  usePageTitle('');
  return (
    <div className={styles.home}>
      <BannerCarousel />
      <ShortcutTiles />
      <div className={styles.split}>
        <LatestNews className={styles.wide} />
        <SeatFeature className={styles.narrow} />
      </div>
      <PositionTabs />
    </div>
  );
}
