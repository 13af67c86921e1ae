import { useId, type ReactNode } from 'react';
import { isAnswered, type FormFieldType } from '@portal/shared';
import { FieldControl } from './FieldControl';
import { answerText } from './answerText';
import { visibleFields, type FormErrors, type FormFieldView, type FormValue, type FormValues } from './formAnswers';
import styles from './formView.module.css';

/**
 * A form's fields as a visitor sees them: the renderer of the public form page, of a form
 * embedded in an article, of a member's past responses, and of the back office's 预览.
 *
 * API (kept small on purpose; other parts import it):
 * - `definition`: the fields in order, as GetPublicForm (`Fields`) or GetForm answer them.
 * - `value` / `onChange`: the answers by field key, as the inputs hold them (formAnswers.ts
 *   FormValues); `onChange` gets the whole new object.
 * - `errors`: a message by field key, shown under the field (formErrors gives the server's own).
 * - `readOnly`: each shown field's answer as text instead of its input (未填写 when blank).
 * - `upload`: stores a chosen file and resolves to the path a file question answers
 *   (UploadFormFile); without it a file question says uploads are not possible here.
 *
 * Fields whose condition is not met are not drawn (visibleFields). Drawn without antd: public
 * pages must not load it (docs/decisions.md, "Public pages drawn without antd").
 */
export interface FormViewProps {
  definition: readonly FormFieldView[];
  value: FormValues;
  onChange?: (next: FormValues) => void;
  errors?: FormErrors;
  readOnly?: boolean;
  upload?: (file: File) => Promise<string>;
}

export function FormView({ definition, value, onChange, errors = {}, readOnly = false, upload }: FormViewProps) {
  const prefix = useId();
  let number = 0;
  return (
    <div className={styles.form}>
      {visibleFields(definition, value).map((field) => {
        const type = field.Type as FormFieldType;
        const id = `${prefix}-${field.Key}`;
        if (type === 'section')
          return (
            <div key={field.Key} className={styles.section}>
              <h2 className={styles.sectionTitle}>{field.Label}</h2>
              {field.Help && <p className={styles.help}>{field.Help}</p>}
            </div>
          );
        if (type === 'description')
          return (
            <div key={field.Key} className={styles.description}>
              <p>{field.Label}</p>
              {field.Help && <p className={styles.help}>{field.Help}</p>}
            </div>
          );
        if (isAnswered(type)) number += 1;
        const answer = value[field.Key];
        return (
          <Question key={field.Key} id={id} number={number} field={field} error={errors[field.Key]} readOnly={readOnly}>
            {readOnly ? (
              <div className={styles.answer}>{answerText(field, answer) || <span className={styles.blank}>未填写</span>}</div>
            ) : (
              <FieldControl
                id={id}
                field={field}
                value={answer}
                invalid={errors[field.Key] !== undefined}
                describedBy={describedBy(id, field.Help, errors[field.Key])}
                onChange={(next: FormValue) => onChange?.({ ...value, [field.Key]: next })}
                upload={upload}
              />
            )}
          </Question>
        );
      })}
    </div>
  );
}

/** The ids of what describes a question's input: its help and its error. */
const describedBy = (id: string, help: string, error: string | undefined) =>
  [help && `${id}-help`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;

/** Choices, a scale, a matrix and a region are groups of inputs: named by a legend rather than a label. */
const groupTypes: readonly string[] = ['radio', 'checkbox', 'rating', 'matrix', 'region'];

/** One question: its number, title, required mark, help, control and error. */
function Question({
  id,
  number,
  field,
  error,
  readOnly,
  children,
}: {
  id: string;
  number: number;
  field: FormFieldView;
  error: string | undefined;
  readOnly: boolean;
  children: ReactNode;
}) {
  const group = groupTypes.includes(field.Type) && !readOnly;
  const title = (
    <>
      <span className={styles.number}>{number}.</span>
      {field.Label}
      {field.Required && !readOnly && (
        <span className={styles.required} aria-hidden="true">
          *
        </span>
      )}
      {field.Required && !readOnly && <span className={styles.visuallyHidden}>（必填）</span>}
    </>
  );
  const help = field.Help && (
    <p id={`${id}-help`} className={styles.help}>
      {field.Help}
    </p>
  );
  const message = error && (
    <p id={`${id}-error`} className={styles.error}>
      {error}
    </p>
  );
  if (group)
    return (
      <fieldset className={styles.question} data-field={field.Key} aria-describedby={describedBy(id, field.Help, error)}>
        <legend className={styles.label}>{title}</legend>
        {help}
        {children}
        {message}
      </fieldset>
    );
  return (
    <div className={styles.question} data-field={field.Key}>
      {readOnly ? (
        <div className={styles.label}>{title}</div>
      ) : (
        <label htmlFor={id} className={styles.label}>
          {title}
        </label>
      )}
      {help}
      {children}
      {message}
    </div>
  );
}
