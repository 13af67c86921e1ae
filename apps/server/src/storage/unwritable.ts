import type { FastifyBaseLogger } from 'fastify';
import { OutageLog } from '../ops/outage-log.js';
import type { Storage } from './storage.js';

/**
 * A storage that takes no file, whatever the file: its disk or quota is full, or it does not let
 * this process write (a read-only mount, permissions, an immutable folder, a bucket policy).
 * Each driver recognises its own failures (local.ts by errno code, s3.ts by the service's error
 * code) and throws StorageUnwritable instead, so an upload answers 存储空间不足 or 存储不可写
 * (http/errors.ts) rather than 系统未知错误, and the log says it once (storageOutageLog).
 */
export type UnwritableReason = 'full' | 'readOnly';

export class StorageUnwritable extends Error {
  /** The driver's own code of the failure (ENOSPC, EROFS, AccessDenied…), for the log. */
  readonly code: string | undefined;

  constructor(
    readonly reason: UnwritableReason,
    cause: unknown,
  ) {
    super((cause as Error).message, { cause });
    this.name = 'StorageUnwritable';
    this.code = (cause as NodeJS.ErrnoException).code ?? (cause as Error).name;
  }
}

/**
 * A driver's storage whose writes (save, saveBuffer, put) fail with StorageUnwritable where
 * `reasonOf` recognises the failure, and as before otherwise.
 */
export function explainWriteFailures(reasonOf: (error: unknown) => UnwritableReason | undefined, storage: Storage): Storage {
  const explain = <T>(write: Promise<T>) =>
    write.catch((error: unknown) => {
      const reason = reasonOf(error);
      throw reason ? new StorageUnwritable(reason, error) : error;
    });
  return {
    ...storage,
    save: (body, extension) => explain(storage.save(body, extension)),
    saveBuffer: (body, extension) => explain(storage.saveBuffer(body, extension)),
    put: (stored, body) => explain(storage.put(stored, body)),
  };
}

/** How often, while the storage takes no file, a probe write tries it again. */
const PROBE_EVERY_MS = 5000;
/** The probe's size: a storage that takes an empty file (a full disk still has inodes) may not take an upload. */
const PROBE_BYTES = 1024 * 1024;

/**
 * Says, once per outage, that the upload storage takes no file, with the driver's cause, and
 * once more when a probe file can be written to each of `storages` again. Every upload in the
 * meantime is still tried (it may fit), so uploads work again the moment the storage does: no
 * restart is needed. Tests probe more often than a site (`probeEveryMs`).
 */
export function storageOutageLog(storages: readonly Storage[], log: FastifyBaseLogger, now: () => number, probeEveryMs = PROBE_EVERY_MS): OutageLog {
  return new OutageLog(
    {
      began: 'upload storage unwritable: uploads refused until it takes files again',
      ended: 'upload storage writable again',
      probe: () => probeWrites(storages),
      stillAway: (error) => error instanceof StorageUnwritable,
      probeEveryMs,
    },
    log,
    now,
  );
}

async function probeWrites(storages: readonly Storage[]): Promise<void> {
  for (const storage of storages) {
    // A name the random ones never take; written whole or not at all (put), removed at once.
    const probe = `${storage.prefix}/write-probe.tmp`;
    await storage.put(probe, Buffer.alloc(PROBE_BYTES));
    await storage.remove(probe);
  }
}
