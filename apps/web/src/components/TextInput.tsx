import type { InputHTMLAttributes, ReactNode } from 'react';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import { useLayoutSize } from '../AppProviders';
import { Icon } from './Icon';
import styles from './TextInput.module.css';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'size' | 'prefix'> {
  value: string;
  onChange: (value: string) => void;
  /** Joined to a button on its right (the search box). */
  attached?: boolean;
  invalid?: boolean;
  /** 40 px high whatever the 尺寸 (antd's size="large"): the sign-in form. */
  large?: boolean;
  /** An icon before the text (antd's prefix). */
  prefix?: ReactNode;
  /** Drawn after the text instead of the clear button (the password's show/hide; style it with `inputActionClass`). */
  suffix?: ReactNode;
}

/**
 * A text input in antd's bordered box, sized by the header's 尺寸 as antd's inputs are, with a
 * clear button while it holds text (antd's allowClear), for pages drawn without antd. The input
 * is the box (its border, its focus ring), the icon before it and the buttons after it lying on
 * its padding: the focused element draws its own focus, where a keyboard user and a checker
 * look for it.
 */
export function TextInput({ value, onChange, attached = false, invalid = false, large = false, prefix, suffix, className, ...input }: Props) {
  const { size } = useLayoutSize();
  const action = suffix !== undefined || value !== '';
  const classes = [
    styles.box,
    styles[large ? 'medium' : size],
    attached && styles.attached,
    invalid && styles.invalid,
    prefix !== undefined && styles.withPrefix,
    action && styles.withAction,
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <span className={classes}>
      {prefix && <span className={styles.prefix}>{prefix}</span>}
      <input {...input} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={invalid || undefined} />
      {suffix}
      {!suffix && value && (
        <button type="button" className={`${styles.action} ${styles.clear}`} aria-label="清除" onClick={() => onChange('')}>
          <Icon icon={CloseCircleFilled} />
        </button>
      )}
    </span>
  );
}

/** The look of a button drawn after the text (TextInput's `suffix`), like its clear button. */
export const inputActionClass = styles.action;
