import { useState, type SetStateAction } from 'react';

/** What a form's rules say of its fields: a message for each field that is wrong. */
export type FieldErrors<T> = Partial<Record<keyof T, string>>;

/**
 * The text fields of a form drawn without antd, with its rules: as antd's Form shows them, the
 * errors appear from the first submit on and then follow the fields as they change.
 * `submitted`: the form was submitted before this page was drawn (posted to the server), so its
 * errors show at once.
 */
export function useCheckedFields<T extends { [K in keyof T]: string }>(initial: T, validate: (values: T) => FieldErrors<T>, submitted = false) {
  const [values, setValues] = useState<T>(initial);
  const [checked, setChecked] = useState(submitted);
  const errors: FieldErrors<T> = checked ? validate(values) : {};
  return {
    values,
    errors,
    /** The change handler of one field. */
    set: (name: keyof T) => (value: string) => setValues((v) => ({ ...v, [name]: value })),
    /** At a submit: shows the errors from now on; true when there are none. */
    check: () => {
      setChecked(true);
      return Object.keys(validate(values)).length === 0;
    },
    /** New values, with no errors shown until the next submit. */
    reset: (next: SetStateAction<T>) => {
      setValues(next);
      setChecked(false);
    },
  };
}
