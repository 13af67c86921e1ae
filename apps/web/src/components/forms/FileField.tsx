import { useState, type ChangeEvent } from 'react';
import PaperClipOutlined from '@ant-design/icons-svg/es/asn/PaperClipOutlined';
import { formFileAccepts, formMessages, messages, uploadLimits } from '@portal/shared';
import { Icon } from '../Icon';
import { Spinner } from '../Spinner';
import buttons from '../button.module.css';
import type { FormFieldView } from './formAnswers';
import styles from './formView.module.css';

const extensionsFor = (accept: string): readonly string[] =>
  accept === 'image' ? formFileAccepts.image : accept === 'document' ? formFileAccepts.document : [...formFileAccepts.image, ...formFileAccepts.document];

const acceptNames: Record<string, string> = { image: '图片', document: '文档', any: '图片或文档' };

/**
 * A file question: the file is checked (type, 10 MB) and stored by `upload` (UploadFormFile) as
 * soon as it is chosen; the answer is the path the server gave. A refusal is said under the field.
 */
export function FileField({
  id,
  field,
  value,
  onChange,
  upload,
  describedBy,
  invalid,
}: {
  id: string;
  field: FormFieldView;
  value: string;
  onChange: (path: string) => void;
  upload?: (file: File) => Promise<string>;
  describedBy: string | undefined;
  invalid: boolean;
}) {
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState('');
  const extensions = extensionsFor(field.Accept);

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file || !upload) return;
    setRefusal('');
    if (!extensions.includes(file.name.split('.').pop()?.toLowerCase() ?? '')) return setRefusal(formMessages.fileKind(field.Label));
    if (file.size > uploadLimits.attachment) return setRefusal(messages.attachmentTooLarge);
    setBusy(true);
    try {
      onChange(await upload(file));
      setName(file.name);
    } catch (error) {
      setRefusal(error instanceof Error && error.message ? error.message : messages.uploadFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.file}>
      <label className={`${buttons.secondary} ${styles.fileButton}`} aria-disabled={!upload || busy || undefined}>
        {busy ? <Spinner size={14} /> : <Icon icon={PaperClipOutlined} />}
        {value ? '重新选择' : '选择文件'}
        <input
          id={id}
          type="file"
          className={styles.visuallyHidden}
          accept={extensions.map((x) => `.${x}`).join(',')}
          disabled={!upload || busy}
          onChange={(e) => void choose(e)}
          aria-describedby={[describedBy, `${id}-file`].filter(Boolean).join(' ')}
          aria-invalid={invalid || undefined}
        />
      </label>
      <span id={`${id}-file`} className={styles.fileName}>
        {value ? `已上传：${name || '附件'}` : upload ? `${acceptNames[field.Accept] ?? ''}，不超过10MB` : '此处不能上传文件'}
      </span>
      {refusal && (
        <p className={styles.error} role="alert">
          {refusal}
        </p>
      )}
    </div>
  );
}
