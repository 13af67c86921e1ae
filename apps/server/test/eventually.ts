/**
 * Polls until `check` holds, for at most `seconds`: for what the server does in its own time
 * (an outage noticed over, a task queued), with a bound generous enough for a loaded machine.
 */
export async function eventually(check: () => boolean | Promise<boolean>, seconds = 30): Promise<void> {
  const until = Date.now() + seconds * 1000;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`not within ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** As eventually, answering what `check` found once it found something (a value other than undefined, null or false). */
export async function eventuallyValue<T>(check: () => Promise<T | undefined | null | false>, seconds = 30): Promise<T> {
  let found: T | undefined | null | false;
  await eventually(async () => {
    found = await check();
    return found !== undefined && found !== null && found !== false;
  }, seconds);
  return found as T;
}
