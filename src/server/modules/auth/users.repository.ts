import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database, UsersTable } from '@/server/db/schema';

export type UserRow = Selectable<UsersTable>;

export function usersRepository(db: Kysely<Database>) {
  return {
    findByEmail: (email: string) =>
      db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst(),
    findById: (id: number) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),
    async create(email: string, passwordHash: string): Promise<UserRow> {
      const now = new Date().toISOString();
      return db
        .insertInto('users')
        // The country as a code (issue 25): the column's default is still the name 'France' on SQLite.
        .values({ email, password_hash: passwordHash, is_active: 0, created_at: now, password_changed_at: now, country: 'FR' })
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    /** Makes the pending address the account's, only while it is still pending: true when this call did. */
    async confirmPendingEmail(id: number, email: string): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ email, pending_email: null })
        .where('id', '=', id)
        .where('pending_email', '=', email)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    update: (id: number, values: Updateable<UsersTable>) =>
      db.updateTable('users').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow(),
  };
}
