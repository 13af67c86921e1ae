import { useEffect, useRef } from 'react';
import styles from './care.module.css';

/**
 * 阅读线 (十字线): a horizontal and a vertical line through the pointer, so a reader with low
 * vision keeps their place in a line of text. Drawn by moving two fixed lines, never clicked.
 */
export function ReadingGuide() {
  const across = useRef<HTMLDivElement>(null);
  const down = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const move = (e: PointerEvent) => {
      if (across.current) across.current.style.transform = `translateY(${e.clientY}px)`;
      if (down.current) down.current.style.transform = `translateX(${e.clientX}px)`;
    };
    window.addEventListener('pointermove', move, { passive: true });
    return () => window.removeEventListener('pointermove', move);
  }, []);
  return (
    <>
      <div ref={across} className={styles.guideAcross} aria-hidden="true" data-testid="reading-guide" />
      <div ref={down} className={styles.guideDown} aria-hidden="true" />
    </>
  );
}
