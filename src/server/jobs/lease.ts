import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Leases on rows of a work table (issue 15/16): the mail outbox's messages and the job runner's
 * jobs are both taken by one process at a time this way. A process claims the oldest due row that
 * nobody holds by a conditional update (of two processes racing for it, one updates the row, the
 * other none), renews the lease while it works, and settles the row only if it still holds it. A
 * process that dies leaves its lease to run out; another one then takes the row again.
 */

/** The tables worked under a lease, with the columns the lease reads and writes. */
export type LeasedTable = 'outbox_messages' | 'jobs';

/** The columns a leased table has in common (kept the same in migrations 0012 and 0015). */
interface LeasedColumns {
  id: number;
  status: string;
  attempts: number;
  next_attempt_at: string;
  lease_owner: string | null;
  lease_until: string | null;
  updated_at: string;
}
type LeasedDatabase = Record<LeasedTable, LeasedColumns>;

/** This process's name as a lease holder: host, pid and a random part (two apps in one process differ). */
export const leaseHolderName = () => `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

export interface LeaseOptions<T extends LeasedTable> {
  db: Kysely<Database>;
  table: T;
  /** How long a claim holds; `keep()` renews it every third of it. */
  leaseMs: number;
  /** The clock (tests give a fake one). */
  now?: () => Date;
  /** Reports a failed renewal (the work goes on; at worst another process takes the row over). */
  onRenewError?: (err: unknown) => void;
}

/** Claim, renew and settle rows of `table` under this process's lease. */
export function createLease<T extends LeasedTable>(options: LeaseOptions<T>) {
  const db = options.db as unknown as Kysely<LeasedDatabase>;
  const { table, leaseMs } = options;
  const now = options.now ?? (() => new Date());
  const holder = leaseHolderName();
  const iso = (offsetMs = 0) => new Date(now().getTime() + offsetMs).toISOString();

  return {
    holder,
    now,
    /** The time `ms` from now on this lease's clock, as stored. */
    later: iso,

    /**
     * The oldest pending row due now that nobody holds (and meeting `only`, when given), now held by
     * this process (attempts + 1); null when there is none.
     */
    async claim(only?: RawBuilder<boolean>): Promise<Selectable<Database[T]> | null> {
      const condition = only ?? sql<boolean>`1 = 1`;
      for (;;) {
        const at = iso();
        const candidate = await db
          .selectFrom(table as LeasedTable)
          .select('id')
          .where(condition)
          .where('status', '=', 'pending')
          .where('next_attempt_at', '<=', at)
          .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at)]))
          .orderBy('next_attempt_at')
          .orderBy('id')
          .limit(1)
          .executeTakeFirst();
        if (!candidate) return null;
        // Taken only if still free: of two processes racing for it, one updates the row, the other none.
        const claimed = await db
          .updateTable(table as LeasedTable)
          .set({ lease_owner: holder, lease_until: iso(leaseMs), attempts: sql`attempts + 1`, updated_at: at })
          .where('id', '=', candidate.id)
          .where('status', '=', 'pending')
          .where(condition)
          .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at)]))
          .returningAll()
          .executeTakeFirst();
        if (claimed) return claimed as unknown as Selectable<Database[T]>;
      }
    },

    /** Renews the lease on row `id` every third of it, until the returned function is called. */
    keep(id: number): () => void {
      const timer = setInterval(() => {
        void db
          .updateTable(table as LeasedTable)
          .set({ lease_until: iso(leaseMs) })
          .where('id', '=', id)
          .where('lease_owner', '=', holder)
          .execute()
          .catch((err: unknown) => options.onRenewError?.(err));
      }, leaseMs / 3);
      return () => clearInterval(timer);
    },

    /**
     * Writes `values` on row `id` and lets it go, if this process still holds it (through `on`, a
     * transaction, when given). True when it did; false when the lease was lost to another process.
     */
    async settle(id: number, values: Partial<Omit<LeasedColumns, 'id'>> & Record<string, unknown>, on?: Kysely<Database>): Promise<boolean> {
      const target = (on ?? options.db) as unknown as Kysely<LeasedDatabase>;
      const result = await target
        .updateTable(table as LeasedTable)
        .set({ ...values, lease_owner: null, lease_until: null, updated_at: iso() })
        .where('id', '=', id)
        .where('lease_owner', '=', holder)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}

export type Lease = ReturnType<typeof createLease>;
