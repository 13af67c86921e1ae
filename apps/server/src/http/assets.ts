/**
 * The public address of a stored asset. Uploads are stored as paths relative to the asset
 * base (`/uploads/...`, docs/api.md); absolute addresses (an external image) pass unchanged.
 */
export function assetUrl(assetBaseUrl: string, stored: string): string {
  if (!stored || /^[a-z][a-z\d+.-]*:/i.test(stored) || stored.startsWith('//')) return stored;
  return `${assetBaseUrl}${stored.startsWith('/') ? '' : '/'}${stored}`;
}

/**
 * The stored form of an asset address a form sends back (it was shown with assetUrl): the
 * asset base is cut off again, so stored uploads stay relative (`/uploads/...`) and follow a
 * change of ASSET_BASE_URL.
 */
export function storedAssetPath(assetBaseUrl: string, address: string): string {
  return assetBaseUrl && address.startsWith(`${assetBaseUrl}/`) ? address.slice(assetBaseUrl.length) : address;
}
