/** Form.Item `normalize` for text inputs: the spec's forms trim what is typed (spec §5). */
export const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
