import type jsQRType from 'jsqr';

/**
 * Reading a QR code in the browser with jsQR. The library is fetched the first time a code is
 * read, so only the check-in page pays for it. Camera frames and uploaded pictures go through
 * the same readQr, on one canvas: whatever works for a photo works for the camera.
 */

let decoder: Promise<typeof jsQRType> | undefined;
const loadDecoder = () => (decoder ??= import('jsqr').then((m) => m.default));

/** Pictures are read at most this wide or high: a phone photo's 4000 px only slow the search down. */
const MAX_SIDE = 1024;

/** The text of the QR code in a picture (a video frame, an uploaded image), or null when none is found. */
export async function readQr(source: CanvasImageSource, width: number, height: number, canvas: HTMLCanvasElement): Promise<string | null> {
  const jsQR = await loadDecoder();
  const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  canvas.width = w;
  canvas.height = h;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(source, 0, 0, w, h);
  const found = jsQR(context.getImageData(0, 0, w, h).data, w, h, { inversionAttempts: 'attemptBoth' });
  return found?.data.trim() || null;
}

/** Why the camera did not open, in words that say what to do instead (the typed code always works). */
export function cameraProblem(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return '未获得摄像头权限。可在浏览器设置中允许本站使用摄像头，或输入签到码、搜索会员签到。';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return '未找到可用的摄像头。请输入签到码或搜索会员签到。';
  if (name === 'NotReadableError') return '摄像头正被其他应用使用。请关闭后重试，或输入签到码签到。';
  return '无法打开摄像头。请上传二维码图片、输入签到码或搜索会员签到。';
}

/** The camera is reachable only on https (or localhost): otherwise the browser offers no mediaDevices. */
export const cameraAvailable = () => typeof navigator !== 'undefined' && navigator.mediaDevices?.getUserMedia !== undefined;
