import { choiceFieldTypes, formField, formFieldTypeNames, type FormField, type FormFieldDto, type FormFieldType } from '@portal/shared';

/**
 * The builder's list of fields: pure changes of the definition, in the order shown. A field's
 * Key names its answers, its export column and the conditions on it, so it is kept through
 * every edit and move; a new or duplicated field takes a key no other field has.
 */

/** What a new field of each type starts with, beyond the shared defaults. */
const starts: Partial<Record<FormFieldType, Partial<FormField>>> = {
  radio: { Options: ['选项1', '选项2'] },
  checkbox: { Options: ['选项1', '选项2', '选项3'] },
  select: { Options: ['选项1', '选项2'] },
  rating: { Scale: 5 },
  matrix: { Rows: ['服务态度', '响应速度'], Columns: ['很不满意', '不满意', '一般', '满意', '很满意'] },
};

/** A key of the form q1, q2… that no field in `fields` has. */
export function freshKey(fields: readonly FormField[]): string {
  const taken = new Set(fields.map((f) => f.Key));
  let n = fields.length + 1;
  while (taken.has(`q${n}`)) n += 1;
  return `q${n}`;
}

/** A field as read from the server, through the shared schema: every setting present, with its default. */
export const readField = (dto: FormFieldDto): FormField => formField.parse(dto);

/** A new field of `type`, with the shared schema's defaults and a key of its own. */
export const blankField = (type: FormFieldType, fields: readonly FormField[]): FormField =>
  formField.parse({ Key: freshKey(fields), Type: type, Label: formFieldTypeNames[type], Required: false, ...starts[type] });

export const isChoice = (f: Pick<FormField, 'Type'>) => choiceFieldTypes.includes(f.Type);

/** Moves the field at `from` to `to`. */
export function moveField(fields: readonly FormField[], from: number, to: number): FormField[] {
  if (from === to || to < 0 || to >= fields.length) return [...fields];
  const next = [...fields];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/** A copy of the field at `index` right after it, under a new key, its label marked as the copy. */
export function duplicateField(fields: readonly FormField[], index: number): FormField[] {
  const original = fields[index]!;
  const copy: FormField = { ...original, Key: freshKey(fields), Label: `${original.Label}（副本）`.slice(0, 200) };
  return [...fields.slice(0, index + 1), copy, ...fields.slice(index + 1)];
}

/** Removes the field at `index`; fields shown on its choices are then always shown. */
export function removeField(fields: readonly FormField[], index: number): FormField[] {
  const gone = fields[index]!.Key;
  return fields.filter((_, i) => i !== index).map((f) => (f.ShowWhen?.Field === gone ? { ...f, ShowWhen: null } : f));
}

/**
 * Changes the field at `index`. Conditions follow what they name: a renamed key, and an option
 * edited in place (same position), so renaming 「是」 to 「是的」 keeps the fields shown on it.
 */
export function changeField(fields: readonly FormField[], index: number, patch: Partial<FormField>): FormField[] {
  const before = fields[index]!;
  const after: FormField = { ...before, ...patch };
  const renamed = (option: string) => {
    const at = before.Options.indexOf(option);
    return at >= 0 && after.Options.length === before.Options.length ? after.Options[at]! : option;
  };
  return fields.map((f, i) => {
    if (i === index) return after;
    if (f.ShowWhen?.Field !== before.Key) return f;
    return { ...f, ShowWhen: { Field: after.Key, Option: renamed(f.ShowWhen.Option) } };
  });
}

/** The earlier choice fields a field at `index` may be shown on. */
export const conditionSources = (fields: readonly FormField[], index: number) => fields.slice(0, index).filter(isChoice);

/** Whether the field's condition names an option of an earlier choice field (a move may have broken it). */
export function conditionHolds(fields: readonly FormField[], index: number): boolean {
  const when = fields[index]!.ShowWhen;
  if (!when) return true;
  const source = conditionSources(fields, index).find((f) => f.Key === when.Field);
  return Boolean(source && source.Options.includes(when.Option));
}
