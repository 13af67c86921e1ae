import type { LoggerOptions } from 'pino';
import type { Config } from '../config.js';
import { requestLogSerializer } from './log-redaction.js';

/**
 * How the server logs: the app's Fastify logger and, when clustered, the primary process's
 * own lines (workers started, replaced, stopped) write alike.
 */
export function loggerOptions(config: Config): LoggerOptions {
  return {
    level: config.logLevel,
    // Secrets never reach the logs: tokens and passwords are cut wherever they appear.
    redact: ['req.headers.token', 'req.headers.authorization', 'req.headers.cookie', '*.str2', '*.Password', '*.Pwd'],
    // …and in the URL's query string (GET GetLoginToken?str1=…&str2=…).
    serializers: { req: requestLogSerializer },
    // Readable lines for a person at a terminal; JSON for log collectors (LOG_FORMAT).
    ...(config.logFormat === 'pretty'
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true } } }
      : {}),
  };
}
