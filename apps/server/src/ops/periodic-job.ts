/**
 * A background job run `firstMs` after start and every `everyMs` after that, without keeping
 * the process alive. Runs never overlap (a tick that finds one running skips); `stop` waits
 * for a running one, so it ends before the database closes. A failed run is logged and the
 * next tick tries again.
 */
export function schedulePeriodic(
  name: string,
  job: () => Promise<unknown>,
  { firstMs, everyMs }: { firstMs: number; everyMs: number },
  log: { error: (obj: object, msg: string) => void },
): { stop: () => Promise<void> } {
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= job()
      .then(() => undefined)
      .catch((error: Error) => log.error({ err: { type: error.name, message: error.message } }, `${name} failed`))
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(run, firstMs).unref();
  const every = setInterval(run, everyMs).unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(every);
      await running;
    },
  };
}
