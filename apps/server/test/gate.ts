/** A gate the test opens: work waits at `opened` until `open()`, so requests can pile up while it is held. */
export function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}
