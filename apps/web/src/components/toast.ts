/**
 * Toasts for code that runs on every public page (the API client, the public shell, the home
 * page). antd's `message` is loaded at the first toast: a static import would put antd's core
 * (about 100 KB of JavaScript) in the first load of pages drawn without antd. Dialogs and pages
 * that use antd anyway keep `App.useApp().message`.
 *
 * A toast is keyed by its text: the calls of one page refused alike show one toast.
 */
type Kind = 'success' | 'error' | 'warning';

export function toast(kind: Kind, text: string, durationSeconds?: number): void {
  // A call refused while the server renders a page is shown by the browser's own call.
  if (typeof document === 'undefined') return;
  void import('./toastHost').then(({ showToast }) => showToast(kind, text, durationSeconds));
}

/** A notification titled 提示 (spec §8: refusals other than 500). */
export function notifyError(text: string): void {
  if (typeof document === 'undefined') return;
  void import('./toastHost').then(({ showNotification }) => showNotification(text));
}
