import { formTextLimits } from '@portal/shared';
import { TextInput } from '../TextInput';
import { FileField } from './FileField';
import type { FormFieldView, FormValue } from './formAnswers';
import { provinces } from './provinces';
import styles from './formView.module.css';

interface ControlProps {
  id: string;
  field: FormFieldView;
  value: FormValue | undefined;
  invalid: boolean;
  /** The ids of the question's help and error. */
  describedBy: string | undefined;
  onChange: (next: FormValue) => void;
  upload?: (file: File) => Promise<string>;
}

const textOf = (v: FormValue | undefined) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
const picksOf = (v: FormValue | undefined) => (Array.isArray(v) ? v : []);
const rowsOf = (v: FormValue | undefined) => (v && typeof v === 'object' && !Array.isArray(v) && !('Province' in v) ? (v as Record<string, string>) : {});
const regionOf = (v: FormValue | undefined) =>
  v && typeof v === 'object' && 'Province' in v ? (v as { Province: string; City: string }) : { Province: '', City: '' };

/** How many options a checkbox question takes, said beside it: 至少选1项，最多选2项. */
function picksHint({ MinPicks, MaxPicks }: FormFieldView): string {
  const parts = [MinPicks > 0 && `至少选${MinPicks}项`, MaxPicks > 0 && `最多选${MaxPicks}项`].filter(Boolean);
  return parts.length > 0 ? `（${parts.join('，')}）` : '（可多选）';
}

/** The input of one question, by its type. */
export function FieldControl({ id, field, value, invalid, describedBy, onChange, upload }: ControlProps) {
  const aria = { 'aria-describedby': describedBy, 'aria-invalid': invalid || undefined, 'aria-required': field.Required || undefined };
  switch (field.Type) {
    case 'textarea': {
      const max = field.MaxLength || formTextLimits.textarea;
      const text = textOf(value);
      return (
        <div className={styles.textareaBox}>
          <textarea
            id={id}
            className={`${styles.textarea} ${invalid ? styles.invalid : ''}`}
            rows={4}
            maxLength={max}
            value={text}
            onChange={(e) => onChange(e.target.value)}
            {...aria}
          />
          <span className={styles.counter} aria-hidden="true">
            {[...text].length}/{max}
          </span>
        </div>
      );
    }
    case 'radio':
    case 'checkbox': {
      const many = field.Type === 'checkbox';
      const picks = many ? picksOf(value) : [textOf(value)];
      return (
        <>
          {many && <p className={styles.hint}>{picksHint(field)}</p>}
          <div className={styles.choices}>
            {field.Options.map((option) => (
              <label key={option} className={styles.choice}>
                <input
                  type={many ? 'checkbox' : 'radio'}
                  name={id}
                  value={option}
                  checked={picks.includes(option)}
                  onChange={(e) => onChange(many ? (e.target.checked ? [...picks, option] : picks.filter((p) => p !== option)) : option)}
                />
                <span>{option}</span>
              </label>
            ))}
          </div>
        </>
      );
    }
    case 'select':
      return (
        <select
          id={id}
          className={`${styles.select} ${invalid ? styles.invalid : ''}`}
          value={textOf(value)}
          onChange={(e) => onChange(e.target.value)}
          {...aria}
        >
          <option value="">请选择</option>
          {field.Options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      );
    case 'rating':
      return (
        <>
          <div className={styles.scale}>
            {Array.from({ length: field.Scale }, (_, i) => i + 1).map((point) => (
              <label key={point} className={styles.point}>
                <input type="radio" name={id} value={point} checked={value === point} onChange={() => onChange(point)} />
                <span>{point}</span>
              </label>
            ))}
          </div>
          <p className={styles.hint}>1分最低，{field.Scale}分最高</p>
        </>
      );
    case 'matrix': {
      const rows = rowsOf(value);
      return (
        <div className={styles.matrixScroll}>
          <table className={styles.matrix}>
            <thead>
              <tr>
                <td />
                {field.Columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {field.Rows.map((row, r) => (
                <tr key={row}>
                  <th scope="row">{row}</th>
                  {field.Columns.map((column) => (
                    <td key={column}>
                      <input
                        type="radio"
                        name={`${id}-row-${r}`}
                        aria-label={`${row}：${column}`}
                        checked={rows[row] === column}
                        onChange={() => onChange({ ...rows, [row]: column })}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    }
    case 'region': {
      const region = regionOf(value);
      return (
        <div className={styles.region}>
          <select
            id={id}
            className={`${styles.select} ${invalid ? styles.invalid : ''}`}
            aria-label="省份"
            value={region.Province}
            onChange={(e) => onChange({ ...region, Province: e.target.value })}
            {...aria}
          >
            <option value="">请选择省份</option>
            {provinces.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
          <TextInput
            aria-label="城市"
            placeholder="城市，如：深圳市"
            maxLength={20}
            value={region.City}
            invalid={invalid}
            onChange={(city) => onChange({ ...region, City: city })}
            {...aria}
          />
        </div>
      );
    }
    case 'file':
      return <FileField id={id} field={field} value={textOf(value)} onChange={onChange} upload={upload} describedBy={describedBy} invalid={invalid} />;
    default: {
      // text, number, date, phone, email: one line.
      const input = {
        text: { type: 'text', maxLength: field.MaxLength || formTextLimits.text },
        number: { type: 'text', inputMode: 'decimal' as const, placeholder: rangeHint(field) },
        date: { type: 'date' },
        phone: { type: 'tel', inputMode: 'tel' as const, maxLength: 20, autoComplete: 'tel' },
        email: { type: 'email', maxLength: 100, autoComplete: 'email' },
      }[field.Type as 'text' | 'number' | 'date' | 'phone' | 'email'];
      return <TextInput id={id} className={styles.line} value={textOf(value)} invalid={invalid} onChange={onChange} {...input} {...aria} />;
    }
  }
}

/** A number question's bounds as its placeholder: 1–100, ≥ 1, ≤ 100. */
function rangeHint({ Min, Max }: FormFieldView): string | undefined {
  if (Min !== null && Max !== null) return `${Min}–${Max}`;
  if (Min !== null) return `不小于${Min}`;
  if (Max !== null) return `不大于${Max}`;
  return undefined;
}
