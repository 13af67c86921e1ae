import type { FastifyRequest } from 'fastify';

/** As much of a User-Agent as the sign-in log and sessions keep (their columns' width). */
export const USER_AGENT_MAX = 300;

/**
 * The browser a request says it comes from, as 登录日志 and 在线用户 show it: control and
 * invisible formatting characters removed (a header may carry bytes that would break a log
 * line or reorder the text shown), whitespace runs made one space, cut to 300 characters.
 * It is what the client claims, not a fact: shown to administrators, never used to decide.
 */
export function userAgentOf(request: FastifyRequest): string {
  return cleanUserAgent(request.headers['user-agent']);
}

export function cleanUserAgent(raw: string | undefined): string {
  return (raw ?? '')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, USER_AGENT_MAX);
}

/** Where a request comes from, as sign-ins and sessions record it. */
export interface RequestClient {
  /** The client's address (request.clientAddress, http/client-address.ts). */
  ip: string;
  userAgent: string;
}

export const clientOf = (request: FastifyRequest): RequestClient => ({ ip: request.clientAddress, userAgent: userAgentOf(request) });
