import styles from './Skeleton.module.css';

/** Grey shimmering bars standing in for `rows` lines of text while they load (as antd's Skeleton). */
export function SkeletonRows({ rows, className }: { rows: number; className?: string }) {
  return (
    <ul className={className ? `${styles.rows} ${className}` : styles.rows} aria-hidden="true">
      {Array.from({ length: rows }, (_, i) => (
        <li key={i} className={styles.shimmer} />
      ))}
    </ul>
  );
}

/** One shimmering block of the size its class gives it (a picture, a carousel). */
export function SkeletonBlock({ className }: { className?: string }) {
  return <div className={className ? `${styles.shimmer} ${className}` : styles.shimmer} aria-hidden="true" />;
}
