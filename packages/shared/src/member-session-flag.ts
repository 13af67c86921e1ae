import { storageKeys } from './constants.js';

/**
 * Public pages are drawn on the server for visitors (the member token lives in the browser's
 * localStorage, which the server never sees), so a member's page first shows 会员登录 and only
 * turns into their account once the scripts have run: on a phone, a second or two of being
 * told to sign in again. This script, inline in the head of every page, runs before the first
 * paint and marks the document when a member session is stored; the page's CSS keeps the
 * visitor's sign-in entry out of sight under that mark until the page has hydrated and shows
 * the session as it really is.
 *
 * It is the only inline script: the server's Content-Security-Policy allows it by its SHA-256
 * (inlineScriptSource in apps/server/src/http/security-headers.ts), so nothing else inline may run.
 */
export const MEMBER_SESSION_CLASS = 'member-session';

export const memberSessionFlagScript = `try{localStorage.getItem(${JSON.stringify(storageKeys.memberToken)})!==null&&document.documentElement.classList.add(${JSON.stringify(MEMBER_SESSION_CLASS)})}catch(e){}`;
