import type { AddressInfo } from 'node:net';
import {
  AVAILABILITY_KEPT_DAYS,
  AVAILABILITY_PROBE_AGENT,
  availabilityMessages,
  cstDate,
  formatCst,
  HOME_PATH,
  menuPath,
  type AvailabilityVia,
} from '@portal/shared';
import type { Config } from '../../config.js';
import type { Database } from '../../db/connection.js';
import { freshMenuIndex } from '../menus/service.js';
import type { MenuIndex } from '../menus/tree.js';
import { kindOf } from './columns.js';

/**
 * 可用性监测 (docs/inspection.md): the site asks its own pages over HTTP, as a visitor does, and
 * keeps each answer (availability_probes). The inspection fails a site whose home page could not
 * be reached 15 times in its week of watching (availability-report.ts counts them).
 */

const DAY_MS = 86_400_000;

export interface Probe {
  at: string;
  target: string;
  via: AvailabilityVia;
  ok: boolean;
  status: number;
  ms: number;
  problem: string;
}

/** What the process knows of where it listens: Fastify's server once listening, null before. */
export interface Listening {
  address(): AddressInfo | string | null;
}

/**
 * The server's own address as a client reaches it: a wildcard host (listening on every
 * interface) through the loopback, IPv6 in brackets. Null before it listens, or on a pipe.
 */
export function localBase(server: Listening): string | null {
  const address = server.address();
  if (!address || typeof address === 'string') return null;
  const host = address.address === '::' || address.address === '0.0.0.0' ? '127.0.0.1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

/** The bases probed: the local one, and PUBLIC_BASE_URL when set and elsewhere. */
export function probeBases(config: Pick<Config, 'publicBaseUrl'>, local: string | null): { via: AvailabilityVia; base: string }[] {
  const bases: { via: AvailabilityVia; base: string }[] = local ? [{ via: 'local', base: local }] : [];
  const publicBase = config.publicBaseUrl;
  if (publicBase && (!local || new URL(publicBase).origin !== new URL(local).origin)) bases.push({ via: 'public', base: publicBase });
  return bases;
}

/**
 * The list page probed beside the home page: the first list of articles a visitor reaches in the
 * site's menu order (the first column 栏目更新 would check), so a failure of the database's lists
 * shows even while the home page's own reads succeed. None when the site has no such menu.
 */
export function listTarget(index: MenuIndex): string | null {
  const visit = (parentId: number): string | null => {
    for (const menu of index.byParent.get(parentId) ?? []) {
      if (!index.readable.has(menu.id)) continue;
      if (kindOf(menu) === 'list') return menuPath(menu);
      const below = visit(menu.id);
      if (below) return below;
    }
    return null;
  };
  return visit(0);
}

/** Why a request that got no answer failed: the timeout, a refused connection, or what the network said. */
function problemOf(error: unknown, timeoutMs: number): string {
  const err = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (err.name === 'TimeoutError' || err.name === 'AbortError') return availabilityMessages.timeout(timeoutMs / 1000);
  if (err.cause?.code === 'ECONNREFUSED') return availabilityMessages.refused;
  return availabilityMessages.unreachable(err.cause?.code ?? err.cause?.message ?? err.message ?? String(error));
}

/** Asks one page, reading it whole within `timeoutMs`: ok on 200 with an HTML page, anything else a failure with its problem. */
export async function probePage(url: string, timeoutMs: number): Promise<Pick<Probe, 'ok' | 'status' | 'ms' | 'problem'>> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const res = await fetch(url, {
      headers: { 'user-agent': AVAILABILITY_PROBE_AGENT, accept: 'text/html' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.arrayBuffer();
    const type = res.headers.get('content-type') ?? '';
    const problem =
      res.status >= 500
        ? availabilityMessages.serverError(res.status)
        : res.status !== 200
          ? availabilityMessages.badStatus(res.status)
          : !type.toLowerCase().startsWith('text/html')
            ? availabilityMessages.notHtml(type)
            : '';
    return { ok: problem === '', status: res.status, ms: elapsed(), problem };
  } catch (error) {
    return { ok: false, status: 0, ms: elapsed(), problem: problemOf(error, timeoutMs) };
  }
}

export interface ProbeDeps {
  database: Database;
  config: Pick<Config, 'publicBaseUrl' | 'availability'>;
  now: () => number;
  server: Listening;
}

/** One round: the home page and the list page through each base, at once; every answer stored under the round's one time. */
async function probeRound({ database, config, now, server }: ProbeDeps): Promise<{ at: string; probes: Probe[] }> {
  const at = formatCst(now());
  const list = listTarget(await freshMenuIndex(database));
  const targets = list ? [HOME_PATH, list] : [HOME_PATH];
  const probes = await Promise.all(
    probeBases(config, localBase(server)).flatMap(({ via, base }) =>
      targets.map(async (target): Promise<Probe> => ({ at, target, via, ...(await probePage(base + target, config.availability.timeoutMs)) })),
    ),
  );
  if (probes.length > 0)
    await database.db
      .insertInto('availability_probes')
      .values(probes.map((p) => ({ ...p, ok: p.ok ? 1 : 0, problem: p.problem.slice(0, 500) })))
      .execute();
  return { at, probes };
}

const running = new WeakMap<Database, Promise<{ at: string; probes: Probe[] }>>();

/**
 * Probes now, unless a round is already under way for this database: then its result is the
 * answer, so the timer's rounds and 立即检测 never pile up on each other.
 */
export function probeNow(deps: ProbeDeps): Promise<{ at: string; probes: Probe[] }> {
  const current = running.get(deps.database);
  if (current) return current;
  const round = probeRound(deps).finally(() => running.delete(deps.database));
  running.set(deps.database, round);
  return round;
}

/** Deletes the probes of the days before the last AVAILABILITY_KEPT_DAYS (today included). */
export async function purgeProbes(database: Database, now: number): Promise<number> {
  const first = cstDate(now - (AVAILABILITY_KEPT_DAYS - 1) * DAY_MS);
  const result = await database.db.deleteFrom('availability_probes').where('at', '<', `${first} 00:00:00`).executeTakeFirst();
  return Number(result.numDeletedRows);
}
