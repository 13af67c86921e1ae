/**
 * Toasts for code that runs on every public page (the API client, the public shell, the home
 * page). antd's `message` is loaded at the first toast: a static import would put antd's core
 * (about 100 KB of JavaScript) in the first load of pages drawn without antd. Dialogs and pages
 * that use antd anyway keep `App.useApp().message`.
 *
 * A toast is keyed by its text: the calls of one page refused alike show one toast.
 */
type Kind = 'success' | 'error' | 'warning';

/** The room left between a toast and what it must not cover. */
const TOAST_GAP_PX = 8;

/**
 * Where a public toast's top stands, in px from the top of the window: under the header's
 * utility bar while the bar is on screen, so a toast never covers the member's account (shown
 * there just as a login succeeds), 活动通知 or 退出; at the top of the window once the page has
 * scrolled past the bar. The bar is found by its entries' navigation (UtilityBar, 会员与服务); a
 * page without it (the back office) keeps antd's place.
 */
export function toastTop(): number {
  if (typeof document === 'undefined') return TOAST_GAP_PX;
  const bar = document.querySelector('header nav[aria-label="会员与服务"]')?.getBoundingClientRect();
  return Math.max(TOAST_GAP_PX, Math.round((bar?.bottom ?? 0) + TOAST_GAP_PX));
}

export function toast(kind: Kind, text: string, durationSeconds?: number): void {
  // A call refused while the server renders a page is shown by the browser's own call.
  if (typeof document === 'undefined') return;
  void import('./toastHost').then(({ showToast }) => showToast(kind, text, durationSeconds));
}

/** Refusal notifications may be on screen (closeRefusals has something to close). */
let refusalsShown = false;

/** A notification titled 提示 (spec §8: refusals other than 500). */
export function notifyError(text: string): void {
  if (typeof document === 'undefined') return;
  refusalsShown = true;
  void import('./toastHost').then(({ showNotification }) => showNotification(text));
}

/**
 * Closes the refusal notifications still on screen. Called when a write succeeds (useFormSubmit,
 * useAction): a notification stays until closed, and the one of a save refused before would
 * otherwise stand beside 操作成功 and read as if the save had failed.
 */
export function closeRefusals(): void {
  if (!refusalsShown) return;
  refusalsShown = false;
  void import('./toastHost').then(({ closeNotifications }) => closeNotifications());
}
