import { useEffect, useState, type CSSProperties } from 'react';
import { useQuery } from '@tanstack/react-query';
import CaretRightOutlined from '@ant-design/icons-svg/es/asn/CaretRightOutlined';
import LeftOutlined from '@ant-design/icons-svg/es/asn/LeftOutlined';
import PauseOutlined from '@ant-design/icons-svg/es/asn/PauseOutlined';
import RightOutlined from '@ant-design/icons-svg/es/asn/RightOutlined';
import { carousel, type BannerDto } from '@portal/shared';
import { portalQueries } from '../queries';
import { isExternalHref, PageLink } from '../layout';
import { pictureSources } from '../content/picture';
import { Empty } from '../content/EmptyState';
import { SkeletonBlock } from '../../components/Skeleton';
import { usePerView } from './usePerView';
import { useReducedMotion } from '../../components/useReducedMotion';
import styles from './home.module.css';
import { Icon } from '../../components/Icon';

/**
 * Slides are 200 px high and pictures fill them (object-fit: cover): a banner of the usual 3:1
 * shape is drawn 600 px wide whatever the slide's width, on a phone as on a desktop.
 */
const SLIDE_PICTURE = { sizes: '600px', width: 600, height: 200 };

/**
 * A slide: picture, title and date; internal JumpUrls open in-app (PageLink), others open a new tab.
 * The first slide's picture is the page's largest paint: fetched first; the others wait until shown.
 */
function Slide({ banner, hidden, first }: { banner: BannerDto; hidden: boolean; first: boolean }) {
  const body = (
    <>
      <img
        {...pictureSources(banner.ImageUrl, SLIDE_PICTURE.sizes)}
        width={SLIDE_PICTURE.width}
        height={SLIDE_PICTURE.height}
        alt=""
        draggable={false}
        fetchPriority={first ? 'high' : undefined}
        loading={first ? undefined : 'lazy'}
      />
      <span className={styles.caption}>
        <strong>{banner.Title}</strong>
        <time>{banner.CreateTime.slice(0, 10)}</time>
      </span>
    </>
  );
  const common = { className: styles.slide, title: banner.Title, tabIndex: hidden ? -1 : undefined, 'aria-hidden': hidden || undefined };
  if (banner.JumpUrl.startsWith('/') && !banner.JumpUrl.startsWith('//')) {
    return (
      <PageLink to={banner.JumpUrl} {...common}>
        {body}
      </PageLink>
    );
  }
  if (isExternalHref(banner.JumpUrl)) {
    return (
      <a href={banner.JumpUrl} target="_blank" rel="noopener noreferrer" {...common}>
        {body}
      </a>
    );
  }
  // No address, or one that is neither a site path nor http(s): the slide is not a link.
  return <div {...common}>{body}</div>;
}

/**
 * The index `delta` slides on from `index`, of `count` banners. With motion, up to the copy of
 * the first slide after the last (the transition's end then jumps back to 0); without, no
 * transition ends: it wraps round at once.
 */
const movedOn = (index: number, delta: number, count: number, reduced: boolean) =>
  reduced ? ((index % count) + delta + count) % count : Math.min(index + delta, count);

/**
 * The banner carousel (spec §2 "Home", §9): banners of type 2, four slides in view at 20 px
 * spacing, moving on by one every 3000 ms; paused under the pointer or keyboard focus, and
 * stopped by its pause button until played again (WCAG 2.2.2: moving content can be paused). The
 * first slides are repeated after the last so the loop runs on without jumping back.
 *
 * A visitor who asks for reduced motion gets a still carousel: it starts stopped (its play button
 * still starts it), and slides change at once, without sliding (home.module.css); the arrows and
 * dots work as ever, wrapping round from the last slide to the first.
 */
function Track({ banners }: { banners: readonly BannerDto[] }) {
  const perView = usePerView();
  const reduced = useReducedMotion();
  const loops = banners.length > 1 && banners.length >= perView;
  const slides = loops ? [...banners, ...banners.slice(0, perView)] : banners;
  const [index, setIndex] = useState(0);
  const [animate, setAnimate] = useState(true);
  /** Held by the pointer or the focus inside the carousel. */
  const [paused, setPaused] = useState(false);
  /** Played or stopped by the visitor with the pause button; until then it plays unless motion is reduced. */
  const [playing, setPlaying] = useState<boolean | null>(null);
  const stopped = playing === null ? reduced : !playing;
  const moved = (i: number, delta: number) => movedOn(i, delta, banners.length, reduced);

  // A new layout starts again from the first slide.
  useEffect(() => setIndex(0), [perView, banners.length]);

  useEffect(() => {
    if (!loops || paused || stopped) return;
    const id = window.setInterval(() => {
      // Transitions do not run in a hidden tab: stepping on there would outrun the loop.
      if (!document.hidden) setIndex((i) => movedOn(i, 1, banners.length, reduced));
    }, carousel.autoplayMs);
    return () => window.clearInterval(id);
  }, [loops, paused, stopped, reduced, banners.length]);

  // After a jump without animation (loop seam), turn the animation back on once it is drawn.
  useEffect(() => {
    if (animate) return;
    const frame = requestAnimationFrame(() => requestAnimationFrame(() => setAnimate(true)));
    return () => cancelAnimationFrame(frame);
  }, [animate]);

  const jump = (to: number) => {
    setAnimate(false);
    setIndex(to);
  };
  const onTransitionEnd = () => {
    if (index >= banners.length) jump(0);
  };
  const step = (delta: number) => {
    if (reduced) setIndex((i) => moved(i, delta));
    else if (index === 0 && delta < 0) {
      // Going back from the first slide: stand on its copy at the end, then slide back one.
      jump(banners.length);
      requestAnimationFrame(() => requestAnimationFrame(() => setIndex(banners.length - 1)));
    } else setIndex((i) => moved(i, delta));
  };

  const current = index % banners.length;
  const trackStyle = {
    '--per-view': perView,
    '--gap': `${carousel.spacing}px`,
    transform: `translateX(calc(${-index} * (100% + var(--gap)) / var(--per-view)))`,
    transition: animate ? undefined : 'none',
  } as CSSProperties;

  return (
    <div
      className={styles.carousel}
      role="region"
      aria-roledescription="carousel"
      aria-label="图片新闻"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className={styles.viewport}>
        <div className={styles.track} style={trackStyle} onTransitionEnd={onTransitionEnd}>
          {slides.map((banner, i) => (
            <Slide key={i} banner={banner} hidden={i < index || i >= index + perView} first={i === 0} />
          ))}
        </div>
      </div>
      {loops && (
        <>
          <button type="button" className={`${styles.arrow} ${styles.arrowPrev}`} aria-label="上一张" onClick={() => step(-1)}>
            <Icon icon={LeftOutlined} />
          </button>
          <button type="button" className={`${styles.arrow} ${styles.arrowNext}`} aria-label="下一张" onClick={() => step(1)}>
            <Icon icon={RightOutlined} />
          </button>
          <div className={styles.dots}>
            <button
              type="button"
              className={styles.playPause}
              aria-label={stopped ? '播放轮播' : '暂停轮播'}
              title={stopped ? '播放轮播' : '暂停轮播'}
              onClick={() => setPlaying(stopped)}
            >
              {stopped ? <Icon icon={CaretRightOutlined} /> : <Icon icon={PauseOutlined} />}
            </button>
            {banners.map((b, i) => (
              <button
                key={b.Id}
                type="button"
                className={i === current ? `${styles.dot} ${styles.dotActive}` : styles.dot}
                aria-label={`第 ${i + 1} 张`}
                aria-current={i === current || undefined}
                onClick={() => setIndex(i)}
              />
            ))}
          </div>
        </>
      )}
    </div>
  );
}

export function BannerCarousel() {
  const banners = useQuery(portalQueries.banners(carousel.bannerType));
  if (banners.isPending) return <SkeletonBlock className={styles.carouselSkeleton} />;
  const list = banners.data ?? [];
  if (list.length === 0) return <Empty className={styles.carouselEmpty} />;
  return <Track banners={list} />;
}
