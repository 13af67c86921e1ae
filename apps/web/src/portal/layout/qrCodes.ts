/** The two QR images of the footer (spec §1), generated into apps/web/public. */
export const qrCodes = {
  mobile: { src: '/qr-mobile.svg', label: '移动客户端' },
  officialAccount: { src: '/qr-wechat.svg', label: '官方公众号' },
} as const;
