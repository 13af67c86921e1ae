import type { InputHTMLAttributes } from 'react';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import { useLayoutSize } from '../AppProviders';
import { Icon } from './Icon';
import styles from './TextInput.module.css';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'size'> {
  value: string;
  onChange: (value: string) => void;
  /** Joined to a button on its right (the search box). */
  attached?: boolean;
  invalid?: boolean;
}

/**
 * A text input in antd's bordered box, sized by the header's 尺寸 as antd's inputs are, with a
 * clear button while it holds text (antd's allowClear), for pages drawn without antd.
 */
export function TextInput({ value, onChange, attached = false, invalid = false, className, ...input }: Props) {
  const { size } = useLayoutSize();
  const classes = [styles.box, styles[size], attached && styles.attached, invalid && styles.invalid, className].filter(Boolean).join(' ');
  return (
    <span className={classes}>
      <input {...input} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={invalid || undefined} />
      {value && (
        <button type="button" className={styles.clear} aria-label="清除" onClick={() => onChange('')}>
          <Icon icon={CloseCircleFilled} />
        </button>
      )}
    </span>
  );
}
