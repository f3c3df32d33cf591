/**
 * The loop shared by the job runner and the mail outbox's delivery worker: a pass over the due
 * work runs when kicked and every `pollMs`, one pass at a time; a kick during a pass asks for
 * another pass once it ends (what it was kicked for may have been committed after the pass
 * looked). Stopped, it starts no pass and `stop()` waits for the one under way.
 */
export function createPollingLoop(options: {
  pollMs: number;
  /** One pass: takes due work until none is left, or until `stopped()` (checked between items). */
  pass: (stopped: () => boolean) => Promise<unknown>;
  /** A pass that threw (it is tried again at the next kick or poll). */
  onError: (err: unknown) => void;
}) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = true;
  const isStopped = () => stopped;

  async function passes() {
    do {
      again = false;
      await options.pass(isStopped);
    } while (again && !stopped);
  }

  function kick() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = passes()
      .catch(options.onError)
      .finally(() => (running = null));
  }

  return {
    kick,
    start() {
      if (!stopped) return;
      stopped = false;
      timer = setInterval(kick, options.pollMs);
      timer.unref();
      kick();
    },
    /** Stops polling; waits for the pass under way, if any. */
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
    /** Resolves once no pass is under way. */
    idle: (): Promise<void> => running ?? Promise.resolve(),
  };
}
