import type { FormRule } from 'antd';

/** The part of a shared zod object schema (packages/shared/src/schemas) a form rule needs. */
interface Issue {
  path: PropertyKey[];
  message: string;
}
interface FormSchema<Field extends string> {
  shape: Record<Field, { safeParse: (value: unknown) => { success: boolean } }>;
  safeParse: (value: unknown) => { success: boolean; error?: { issues: Issue[] } };
}

/**
 * An antd rule that checks one field with the shared zod schema the server validates with, so
 * the form shows the spec's messages without a second copy of the rules. The whole form is
 * parsed, which also reports cross-field rules (the repeated password) on their field. A field
 * whose schema refuses an empty value is marked required.
 */
export function schemaRule<Field extends string>(schema: FormSchema<Field>, field: Field): FormRule {
  const required = !schema.shape[field].safeParse('').success;
  return ({ getFieldsValue }) => ({
    required,
    validator: async (_, value: unknown) => {
      const result = schema.safeParse({ ...(getFieldsValue(true) as object), [field]: value });
      const issue = result.error?.issues.find((i) => i.path[0] === field);
      if (issue) throw new Error(issue.message);
    },
  });
}
