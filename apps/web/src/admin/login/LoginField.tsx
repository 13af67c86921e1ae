import { useId, type ComponentProps } from 'react';
import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import { Icon } from '../../components/Icon';
import { TextInput } from '../../components/TextInput';
import styles from './login.module.css';

/** An input of the sign-in forms (named by its aria-label) with an icon before the text and its error under it. */
export function LoginField({ icon, error, ...input }: { icon: IconDefinition; error: string | undefined } & ComponentProps<typeof TextInput>) {
  const id = useId();
  return (
    <div className={styles.field}>
      <TextInput large prefix={<Icon icon={icon} />} invalid={!!error} aria-describedby={error ? id : undefined} {...input} />
      <div id={id} className={styles.error} role={error ? 'alert' : undefined}>
        {error}
      </div>
    </div>
  );
}
