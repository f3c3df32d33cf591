/**
 * A lock handed to one waiter at a time, in arrival order, so that under load nobody waits far
 * longer than the queue ahead of them. Guards SQLite's single connection (db/fair-sqlite-dialect.ts).
 */
export class FifoLock {
  #held = false;
  private readonly waiters: (() => void)[] = [];

  acquire(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Hands the lock to the longest waiter (it stays held), or frees it. */
  release(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.#held = false;
  }

  /** Whether someone holds the lock (then anyone asking waits). */
  get held(): boolean {
    return this.#held;
  }

  get queued(): number {
    return this.waiters.length;
  }
}
