import { useState } from 'react';
import { Button, type ButtonProps } from 'antd';

/** A button that fetches a file and saves it, busy until it is saved; a refusal was already shown by the API client. */
export function DownloadButton({ run, children, ...button }: Omit<ButtonProps, 'loading' | 'onClick'> & { run: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const click = () => {
    setBusy(true);
    run()
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <Button {...button} loading={busy} onClick={click}>
      {children}
    </Button>
  );
}
