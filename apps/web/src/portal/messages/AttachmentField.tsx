import { useId, useRef, useState, type ChangeEvent } from 'react';
import { formFileAccepts, messages, uploadLimits } from '@portal/shared';
import { messagesApi } from '../../api/messages';
import buttons from '../../components/button.module.css';
import { Spinner } from '../../components/Spinner';
import styles from './messages.module.css';

const extensions = [...formFileAccepts.image, ...formFileAccepts.document];
const accept = extensions.map((e) => `.${e}`).join(',');

export interface Attachment {
  /** The path UploadMessageFile answered, for SaveMessage. */
  path: string;
  name: string;
}

/**
 * 附件 (optional): one picture or document up to 10 MB, sent as soon as it is picked (kept
 * private by the server, for staff only). What the server refuses is said under the field.
 */
export function AttachmentField({ value, onChange }: { value: Attachment | null; onChange: (value: Attachment | null) => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setError('');
    if (file.size > uploadLimits.attachment) {
      setError(messages.attachmentTooLarge);
      return;
    }
    setBusy(true);
    try {
      onChange({ path: await messagesApi.upload(file), name: file.name });
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.row}>
      <span className={styles.label} id={`${id}-label`}>
        附件
      </span>
      <div className={styles.control}>
        <span className={styles.fileLine}>
          <input ref={input} type="file" accept={accept} hidden onChange={(e) => void pick(e)} />
          <button
            type="button"
            id={`${id}-button`}
            className={buttons.secondary}
            disabled={busy}
            onClick={() => input.current?.click()}
            aria-labelledby={`${id}-label ${id}-button`}
            aria-describedby={`${id}-hint`}
          >
            {busy && <Spinner />}
            {value ? '更换附件' : '选择文件'}
          </button>
          {value && (
            <>
              <span className={styles.fileName}>{value.name}</span>
              <button type="button" className={styles.linkButton} onClick={() => onChange(null)}>
                移除
              </button>
            </>
          )}
        </span>
        <div id={`${id}-hint`} className={styles.hint}>
          选填，图片或文档（{extensions.join('、')}），不超过10MB，仅工作人员可见
        </div>
        {error && (
          <div className={styles.error} role="alert">
            {error}
          </div>
        )}
      </div>
    </div>
  );
}
