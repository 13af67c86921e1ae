/**
 * The public address of a stored asset. Uploads are stored as paths relative to the asset
 * base (`/uploads/...`, DESIGN.md §4); absolute addresses (an external image) pass unchanged.
 */
export function assetUrl(assetBaseUrl: string, stored: string): string {
  if (!stored || /^[a-z][a-z\d+.-]*:/i.test(stored) || stored.startsWith('//')) return stored;
  return `${assetBaseUrl}${stored.startsWith('/') ? '' : '/'}${stored}`;
}
