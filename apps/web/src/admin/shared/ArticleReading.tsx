import type { ReactNode } from 'react';
import { Image } from 'antd';
import { ArticleBody } from '../../portal/content/ArticleBody';

interface ArticleReadingProps {
  /** The title as text, or as HTML the server marked (敏感词) and sanitised. */
  title: { text: string } | { html: string };
  imageUrl: string;
  /** The body as the server sanitised it. */
  html: string;
  /** A line under the title (author, time, flags). */
  meta?: ReactNode;
}

/**
 * An article as a reviewer reads it before deciding (审核投稿, 待我审核): the title, the cover
 * and the body with the public page's typography. The HTML was sanitised by the server.
 */
export function ArticleReading({ title, imageUrl, html, meta }: ArticleReadingProps) {
  return (
    <article>
      {'html' in title ? <h2 style={headingStyle} dangerouslySetInnerHTML={{ __html: title.html }} /> : <h2 style={headingStyle}>{title.text}</h2>}
      {meta && <div style={{ textAlign: 'center', marginBottom: 12, color: 'rgba(0, 0, 0, 0.55)' }}>{meta}</div>}
      {imageUrl && (
        <div style={{ textAlign: 'center', marginBottom: 12 }}>
          {/* A fixed box: the footer's buttons do not move when the picture arrives. */}
          <Image src={imageUrl} alt="封面" width={200} height={150} style={{ objectFit: 'contain' }} />
        </div>
      )}
      <ArticleBody html={html} />
    </article>
  );
}

const headingStyle = { textAlign: 'center', margin: '20px 0 12px', overflowWrap: 'anywhere' } as const;
