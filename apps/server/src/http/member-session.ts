import type { FastifyRequest } from 'fastify';

/** The member behind a request's `token` header, or null for a visitor; never refuses the call. */
export async function optionalMember(_request: FastifyRequest): Promise<{ memberId: number } | null> {
  // Visitors only until the members feature fills this in with its session lookup.
  return null;
}
