import type { Kysely, Updateable } from 'kysely';
import type { Database, UsersTable } from '@/server/db/schema';
import { usersRepository, type UserRow } from '@/server/modules/auth';

/**
 * The profile's reads and writes. The profile is the user's own row (SPEC 7 "Profile"): the
 * queries are the users repository's (auth owns the table); this is the part the profile uses.
 */
export function profileRepository(db: Kysely<Database>) {
  const users = usersRepository(db);
  return {
    find: (userId: number): Promise<UserRow | undefined> => users.findById(userId),
    /** Whether an account already uses `email` (a requested address must be free). */
    emailTaken: async (email: string): Promise<boolean> => Boolean(await users.findByEmail(email)),
    save: (userId: number, values: Updateable<UsersTable>): Promise<UserRow> => users.update(userId, values),
  };
}
