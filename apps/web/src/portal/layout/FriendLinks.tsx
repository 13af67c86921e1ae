import type { FocusEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { FriendLinkDto } from '@portal/shared';
import { portalQueries } from '../queries';
import styles from './footer.module.css';

/** Seconds one link takes to pass, so the speed stays the same however many links there are. */
const SECONDS_PER_LINK = 3.5;
/** A focused link is kept this far inside the row's edges, clear of their fade (footer.module.css). */
const EDGE_PX = 32;

/**
 * Brings a link that takes the focus into view. The row is paused while the focus is in it (CSS
 * :focus-within), but where it stopped the link may be off-screen or under an edge's fade: the
 * animation is set back or on to the moment that link stands near the row's left edge. (The row
 * is clipped, not scrolled: the browser cannot scroll it to the link itself.) Without the
 * animation (reduced motion) every link is shown, in as many lines as they take.
 */
function revealFocused(e: FocusEvent<HTMLDivElement>) {
  const box = e.currentTarget;
  const link = e.target;
  const track = box.firstElementChild;
  const row = link.closest('ul');
  const animation = track?.getAnimations()[0];
  if (!track || !row || !animation) return;
  const view = box.getBoundingClientRect();
  const at = link.getBoundingClientRect();
  if (at.left >= view.left + EDGE_PX && at.right <= view.right - EDGE_PX) return;
  // The animation moves the track by one row's width, from 0 to -50 % of the two rows.
  const width = row.getBoundingClientRect().width;
  const duration = Number(animation.effect?.getComputedTiming().duration);
  if (!width || !Number.isFinite(duration)) return;
  const offset = Math.min(Math.max(at.left - track.getBoundingClientRect().left - EDGE_PX, 0), width);
  animation.currentTime = (offset / width) * duration;
}

function LinkRow({ links, copy }: { links: readonly FriendLinkDto[]; copy?: boolean }) {
  return (
    <ul className={styles.linkRow} aria-hidden={copy || undefined}>
      {links.map((link) => (
        <li key={link.Id}>
          <a href={link.Friendlinks} target="_blank" rel="noopener noreferrer" tabIndex={copy ? -1 : undefined}>
            {link.Title}
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * 友情链接 (spec §2 "Footer"): a row that scrolls continuously (paused under the pointer or
 * keyboard focus, which also brings the focused link into view; not moving at all when the
 * visitor asks for reduced motion); each link opens in a new tab. The row is drawn twice so the
 * loop has no seam; the copy is hidden from assistive technology and the keyboard.
 */
export function FriendLinks() {
  const links = useQuery(portalQueries.friendLinks());
  const list = links.data ?? [];
  if (list.length === 0) return null;
  return (
    <section className={styles.links} aria-label="友情链接">
      <div className={`${styles.inner} ${styles.linksInner}`}>
        <h2 className={styles.linksLabel}>友情链接</h2>
        <div className={styles.marquee} onFocus={revealFocused}>
          <div className={styles.track} style={{ animationDuration: `${list.length * SECONDS_PER_LINK}s` }}>
            <LinkRow links={list} />
            <LinkRow links={list} copy />
          </div>
        </div>
      </div>
    </section>
  );
}
