import type { FastifyRequest } from 'fastify';
import { publicBaseUrl } from '../../http/public-base-url.js';
import { mailEnabled } from './outbox.js';

/** What an e-mail needs besides its subject matter: who sends it and where the site is. */
export interface MailContext {
  siteName: string;
  /** The public site's address, for the link to the activity. */
  baseUrl: string;
}

/** The site as an activity's calendar file names it too: its address is the events' organiser. */
export interface SiteContext extends MailContext {
  siteEmail: string;
}

export function siteContext(request: FastifyRequest): SiteContext {
  const { site } = request.server.services.config;
  return { siteName: site.name, siteEmail: site.email, baseUrl: publicBaseUrl(request) };
}

/** The mail context of a request, or null when no mail is sent (no SMTP_URL). */
export function mailContext(request: FastifyRequest): SiteContext | null {
  return mailEnabled(request.server.services) ? siteContext(request) : null;
}
