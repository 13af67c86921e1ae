import type { ReactNode } from 'react';
import DoubleLeftOutlined from '@ant-design/icons-svg/es/asn/DoubleLeftOutlined';
import DoubleRightOutlined from '@ant-design/icons-svg/es/asn/DoubleRightOutlined';
import LeftOutlined from '@ant-design/icons-svg/es/asn/LeftOutlined';
import RightOutlined from '@ant-design/icons-svg/es/asn/RightOutlined';
import { PageLink } from '../layout';
import { pagerItems } from './pagerItems';
import styles from './pager.module.css';
import { Icon } from '../../components/Icon';
import { submitsWithoutScript } from '../../components/submitsWithoutScript';

interface Props {
  page: number;
  pageSize: number;
  total: number;
  /** The paginator's name for assistive technology, e.g. 分页 or 最新资讯分页. */
  label: string;
  /** Links: the address of a page. Crawlers and visitors without JavaScript follow them; the router navigates in place. */
  hrefFor?: (page: number) => string;
  /** Buttons: for lists paged inside a page (the home sections), whose page is not in the address. */
  onChange?: (page: number) => void;
  /**
   * With onChange: the buttons also submit their page as this field of the form around the
   * pager, for a page that works without JavaScript (the certificate lookup). With JavaScript
   * onChange runs instead.
   */
  submitAs?: string;
  size?: 'small';
  align?: 'center' | 'end';
}

/**
 * The site's paginator (spec §2, §9): 共 N 条, previous, five pager buttons, next; nothing when
 * the list is empty. Every target is at least 24 px (WCAG 2.5.8) and the current page is marked
 * with aria-current.
 */
export function Pager({ page, pageSize, total, label, hrefFor, onChange, submitAs, size, align = 'center' }: Props) {
  if (total <= 0) return null;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));

  const target = (to: number, name: string | undefined, content: ReactNode, extra: { current?: boolean; disabled?: boolean } = {}) => {
    const className = [styles.item, extra.current && styles.current, extra.disabled && styles.disabled].filter(Boolean).join(' ');
    const common = { className, 'aria-label': name, title: name, 'aria-current': extra.current ? ('page' as const) : undefined };
    // A step past either end is shown but not offered (a disabled button keeps its name for assistive technology).
    if (extra.disabled) {
      return (
        <button {...common} type="button" disabled>
          {content}
        </button>
      );
    }
    if (hrefFor) {
      return (
        <PageLink {...common} to={hrefFor(to)} onClick={() => window.scrollTo({ top: 0 })}>
          {content}
        </PageLink>
      );
    }
    return (
      <button {...common} {...submitsWithoutScript(submitAs, to, () => !extra.current && onChange?.(to))}>
        {content}
      </button>
    );
  };

  return (
    <nav className={[styles.pager, size === 'small' && styles.small, align === 'end' && styles.end].filter(Boolean).join(' ')} aria-label={label}>
      <span className={styles.total}>共 {total} 条</span>
      <ul className={styles.items}>
        <li>{target(page - 1, '上一页', <Icon icon={LeftOutlined} />, { disabled: page <= 1 })}</li>
        {pagerItems(page, pageCount).map((item) => (
          <li key={item.kind === 'page' ? item.page : item.direction}>
            {item.kind === 'page'
              ? target(item.page, `第 ${item.page} 页`, item.page, { current: item.page === page })
              : item.direction === 'back'
                ? target(item.page, '向前 3 页', <Icon icon={DoubleLeftOutlined} />)
                : target(item.page, '向后 3 页', <Icon icon={DoubleRightOutlined} />)}
          </li>
        ))}
        <li>{target(page + 1, '下一页', <Icon icon={RightOutlined} />, { disabled: page >= pageCount })}</li>
      </ul>
    </nav>
  );
}
