import type { FastifyRequest } from 'fastify';

/**
 * Query parameters whose values never reach the logs: passwords (str2 of GetLoginToken, Pwd,
 * Newpwd, Password …), tokens, and ID numbers (IdNum of the certificate lookup: personal data). Pino's request serializer logs `req.url` whole, query
 * included, and the spec's client signs members in with GET GetLoginToken?str1=…&str2=….
 * CertId too: DownCert's is the download token a lookup handed out, which alone fetches the
 * certificate for a day.
 */
const SECRET_PARAM = /^(str2|token|idnum|certid|.*pwd.*|.*password.*)$/i;

/** The URL with the values of secret query parameters replaced. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: judge the name as written.
      }
      return eq >= 0 && SECRET_PARAM.test(decoded) ? `${name}=[REDACTED]` : pair;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

/** Fastify's default request serializer, with the URL redacted. */
export function requestLogSerializer(request: FastifyRequest) {
  const version = request.headers['accept-version'];
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: Array.isArray(version) ? version[0] : version,
    host: request.host,
    remoteAddress: request.clientAddress,
    remotePort: request.socket?.remotePort,
  };
}
