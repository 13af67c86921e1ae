import { useQuery } from '@tanstack/react-query';
import type { FriendLinkDto } from '@portal/shared';
import { contentApi } from '../../api/content';
import styles from './footer.module.css';

/** Seconds one link takes to pass, so the speed stays the same however many links there are. */
const SECONDS_PER_LINK = 3.5;

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
 * keyboard focus); each link opens in a new tab. The row is drawn twice so the loop has no seam.
 */
export function FriendLinks() {
  const links = useQuery({ queryKey: ['friendLinks'], queryFn: contentApi.friendLinks, staleTime: 5 * 60_000 });
  const list = links.data ?? [];
  if (list.length === 0) return null;
  return (
    <section className={styles.links} aria-label="友情链接">
      <div className={`${styles.inner} ${styles.linksInner}`}>
        <h2 className={styles.linksLabel}>友情链接</h2>
        <div className={styles.marquee}>
          <div className={styles.track} style={{ animationDuration: `${list.length * SECONDS_PER_LINK}s` }}>
            <LinkRow links={list} />
            <LinkRow links={list} copy />
          </div>
        </div>
      </div>
    </section>
  );
}
