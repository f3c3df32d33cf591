/**
 * Importing contacts without duplicates (issue 18), the same in the API and the import screen.
 *
 * A row is the same contact as an existing one (or as an earlier row of the file) when:
 * - both have an e-mail and the e-mails are equal, ignoring case and accents ('Élise@Exemple.fr'
 *   is 'elise@exemple.fr');
 * - else, when one of the two has no e-mail, when their names are equal the same way
 *   ('Lefèvre' is 'LEFEVRE'). Two contacts of the same name with different e-mails are two people.
 * The first contact that matches wins (the oldest, in id order).
 */
import { normalizeSearch } from './search';

export const ON_DUPLICATE_CHOICES = ['skip', 'update'] as const;
/** What becomes of a row that is already there: left as it is, or the contact updated with the row's fields. */
export type OnDuplicate = (typeof ON_DUPLICATE_CHOICES)[number];

/** Why a row is already there. */
export const MATCH_REASONS = ['email', 'name'] as const;
export type MatchReason = (typeof MATCH_REASONS)[number];

/** The comparable form of an e-mail or a name ('' for none). */
export const importKey = (text: string | null | undefined) => normalizeSearch(text ?? '');

interface Candidate<T> {
  name: string;
  email: string;
  value: T;
}

/** Finds the contact (or earlier row) a row repeats; `add` makes each new one findable. */
export class ContactMatcher<T> {
  private readonly byEmail = new Map<string, T>();
  private readonly byName = new Map<string, { hasEmail: boolean; value: T }[]>();

  constructor(candidates: Iterable<Candidate<T>> = []) {
    for (const candidate of candidates) this.add(candidate);
  }

  add({ name, email, value }: Candidate<T>): void {
    const emailKey = importKey(email);
    if (emailKey && !this.byEmail.has(emailKey)) this.byEmail.set(emailKey, value);
    const nameKey = importKey(name);
    if (!nameKey) return;
    const list = this.byName.get(nameKey) ?? [];
    list.push({ hasEmail: emailKey !== '', value });
    this.byName.set(nameKey, list);
  }

  find(row: { name: string; email?: string | null }): { match: MatchReason; value: T } | null {
    const emailKey = importKey(row.email);
    if (emailKey) {
      const byEmail = this.byEmail.get(emailKey);
      if (byEmail !== undefined) return { match: 'email', value: byEmail };
    }
    // With an e-mail, only a contact without one can be the same by its name.
    const sameName = (this.byName.get(importKey(row.name)) ?? []).find((candidate) => !emailKey || !candidate.hasEmail);
    return sameName ? { match: 'name', value: sameName.value } : null;
  }
}
