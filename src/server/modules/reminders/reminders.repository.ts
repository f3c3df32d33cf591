import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ReminderSettings } from '../../../shared/reminders';

/** What the reminders read and write: the account's automatic reminder settings (columns of users). */
export function remindersRepository(db: Kysely<Database>) {
  return {
    /** The account's automatic reminder settings as stored; undefined when the account is gone. */
    settings: (userId: number) =>
      db
        .selectFrom('users')
        .select(['auto_reminders', 'reminder_1_days', 'reminder_2_days', 'reminder_3_days'])
        .where('id', '=', userId)
        .executeTakeFirst(),

    saveSettings: (userId: number, { auto_reminders, ...days }: ReminderSettings) =>
      db
        .updateTable('users')
        .set({ auto_reminders: auto_reminders ? 1 : 0, ...days })
        .where('id', '=', userId)
        .execute(),
  };
}
