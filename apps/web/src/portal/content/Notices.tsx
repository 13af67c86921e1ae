import type { ReactNode } from 'react';
import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import ExclamationCircleFilled from '@ant-design/icons-svg/es/asn/ExclamationCircleFilled';
import InfoCircleFilled from '@ant-design/icons-svg/es/asn/InfoCircleFilled';
import { Icon } from '../../components/Icon';
import styles from './notices.module.css';

const tones = {
  info: { icon: InfoCircleFilled, className: styles.info },
  warning: { icon: ExclamationCircleFilled, className: styles.warning },
} as const;

/** One line of information or warning in a tinted box, announced when it appears (as antd's Alert). */
export function Callout({ tone, children, className }: { tone: keyof typeof tones; children: ReactNode; className?: string }) {
  const { icon, className: toneClass } = tones[tone];
  return (
    <div role="alert" className={[styles.callout, toneClass, className].filter(Boolean).join(' ')}>
      <Icon icon={icon} className={styles.calloutIcon} />
      <div>{children}</div>
    </div>
  );
}

/**
 * A page-sized notice in place of the content: a large icon (a warning by default), a title,
 * an explanation and actions (as antd's Result).
 */
export function StatusNotice({
  icon = ExclamationCircleFilled,
  iconClassName = styles.warningIcon,
  title,
  text,
  actions,
  className,
}: {
  icon?: IconDefinition;
  iconClassName?: string;
  title: ReactNode;
  text?: ReactNode;
  actions?: ReactNode;
  className?: string;
}) {
  return (
    <div className={className ? `${styles.status} ${className}` : styles.status}>
      <Icon icon={icon} className={`${styles.statusIcon} ${iconClassName}`} />
      <div className={styles.statusTitle}>{title}</div>
      {text && <div className={styles.statusText}>{text}</div>}
      {actions && <div className={styles.statusActions}>{actions}</div>}
    </div>
  );
}
