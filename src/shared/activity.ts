/** Activity history entries (SPEC section 3 "Activity entry"). */
export const ACTIVITY_OBJECT_TYPES = ['task', 'project', 'contact', 'invoice', 'quote', 'credit_note', 'recurring_invoice', 'received_invoice'] as const;
export type ActivityObjectType = (typeof ACTIVITY_OBJECT_TYPES)[number];

export const ACTIVITY_OBJECT_LABELS: Record<ActivityObjectType, string> = {
  task: 'Tâche',
  project: 'Projet',
  contact: 'Contact',
  invoice: 'Facture',
  quote: 'Devis',
  credit_note: 'Avoir',
  recurring_invoice: 'Facturation récurrente',
  received_invoice: 'Facture reçue',
};

export const ACTIVITY_ACTIONS = ['créé', 'mis à jour', 'supprimé'] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** Object types named by a feminine noun ('Tâche', 'Facture'): their actions agree ('créée'). */
const FEMININE: ReadonlySet<ActivityObjectType> = new Set(['task', 'invoice', 'recurring_invoice', 'received_invoice']);

const FEMININE_ACTIONS: Record<ActivityAction, string> = {
  créé: 'créée',
  'mis à jour': 'mise à jour',
  supprimé: 'supprimée',
};

/**
 * The action as the history prints it, agreeing with the object (issue 18): 'Facture … créée',
 * 'Tâche … mise à jour', 'Devis … créé'. The API keeps the SPEC values ('créé'…), which the
 * action filter matches.
 */
export function activityActionLabel(objectType: string, action: string): string {
  return FEMININE.has(objectType as ActivityObjectType) ? (FEMININE_ACTIONS[action as ActivityAction] ?? action) : action;
}

/** SPA route of each object type. */
export const OBJECT_ROUTES: Record<ActivityObjectType, string> = {
  task: '/tasks',
  project: '/projects',
  contact: '/contacts',
  invoice: '/invoices',
  quote: '/quotes',
  credit_note: '/credit-notes',
  recurring_invoice: '/invoices/recurring',
  received_invoice: '/received-invoices',
};

/** Object types without a page of their own: an entry links to their list. */
const LISTED_ONLY: ReadonlySet<ActivityObjectType> = new Set(['recurring_invoice']);

/** SPA route of one object ('/invoices/12'; a recurring invoice's is the list of them). */
export const objectLink = (type: ActivityObjectType, id: number) =>
  LISTED_ONLY.has(type) ? OBJECT_ROUTES[type] : `${OBJECT_ROUTES[type]}/${id}`;

/** Splits `(a: 1 → 2; b: x → y)` into its items. */
export function parseChanges(changes: string): string[] {
  const inner = changes.trim().replace(/^\(/, '').replace(/\)$/, '');
  return inner ? inner.split(/;\s*/).filter(Boolean) : [];
}
