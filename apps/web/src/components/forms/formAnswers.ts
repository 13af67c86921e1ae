import { checkAnswers, isAnswered, isShown, type FormAnswers, type FormField, type FormFieldDto } from '@portal/shared';

/**
 * What a form's page knows of its answers before sending them, read with the server's own rules
 * (@portal/shared form-answers.ts): which fields are shown, what is wrong with each answer (the
 * server's Chinese messages), and what is sent. Pure, so the back office's preview, the public
 * page and the tests read them alike.
 */

/** A field as GetPublicForm and GetForm answer it (the shared schema's shape, its Type a string). */
export type FormFieldView = FormFieldDto;

/** An answer as the page holds it while it is being filled in: what the inputs show. */
export type FormValue = string | number | string[] | Record<string, string> | { Province: string; City: string };
export type FormValues = Record<string, FormValue>;

/** Messages by field key. */
export type FormErrors = Partial<Record<string, string>>;

// The DTO's Type is a string on the wire; the definition the server stored holds only the schema's types.
const asField = (f: FormFieldView) => f as FormField;

/**
 * The fields shown for these answers, in order. A field with a condition is shown when the
 * earlier field it names is shown and has that option picked, so hiding a choice hides what
 * follows from it too (as the server drops hidden answers before it reads later conditions).
 */
export function visibleFields<F extends FormFieldView>(fields: readonly F[], values: FormValues): F[] {
  const kept: FormAnswers = {};
  return fields.filter((f) => {
    if (!isShown(asField(f), kept)) return false;
    if (values[f.Key] !== undefined) kept[f.Key] = values[f.Key]!;
    return true;
  });
}

/** The server's message for one answer (blank and required, out of range, not an option…), or undefined when it would pass. */
export function fieldError(field: FormFieldView, value: FormValue | undefined): string | undefined {
  if (!isAnswered(asField(field).Type)) return undefined;
  // Alone, without its condition: whether it is shown is visibleFields' to say.
  const result = checkAnswers([{ ...asField(field), ShowWhen: null }], value === undefined ? {} : { [field.Key]: value });
  return result.ok ? undefined : result.message;
}

/** Every shown field's message, by key; empty when the answers would pass the server's check. */
export function formErrors(fields: readonly FormFieldView[], values: FormValues): FormErrors {
  const errors: FormErrors = {};
  for (const f of visibleFields(fields, values)) {
    const message = fieldError(f, values[f.Key]);
    if (message) errors[f.Key] = message;
  }
  return errors;
}

const isBlank = (v: FormValue | undefined) =>
  v === undefined ||
  v === '' ||
  (Array.isArray(v) && v.length === 0) ||
  (typeof v === 'object' && !Array.isArray(v) && Object.values(v).every((x) => x === ''));

/** SubmitForm's Answers: the shown fields' answers that are not blank (a hidden field's answer is not sent). */
export function answersToSend(fields: readonly FormFieldView[], values: FormValues): Record<string, FormValue> {
  const answers: Record<string, FormValue> = {};
  for (const f of visibleFields(fields, values)) {
    const value = values[f.Key];
    if (isAnswered(asField(f).Type) && !isBlank(value)) answers[f.Key] = typeof value === 'string' ? value.trim() : value!;
  }
  return answers;
}

/**
 * The field a refusal of SubmitForm is about: the server names a field as 「题目」 in its message
 * (请填写「姓名」, 「服务」最多选择2项). The longest label wins, so 「联系电话」 is not taken for 「电话」.
 */
export function fieldOfMessage(fields: readonly FormFieldView[], message: string): FormFieldView | undefined {
  return [...fields].filter((f) => isAnswered(asField(f).Type) && message.includes(`「${f.Label}」`)).sort((a, b) => b.Label.length - a.Label.length)[0];
}
