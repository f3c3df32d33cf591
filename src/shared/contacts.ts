/** Contact fields and their French labels, shared by the API (activity changes) and the UI. */
export const CONTACT_CATEGORIES = ['client', 'partenaire', 'prospect'] as const;
export type ContactCategory = (typeof CONTACT_CATEGORIES)[number];

export const CONTACT_CATEGORY_LABELS: Record<ContactCategory, string> = {
  client: 'Client',
  partenaire: 'Partenaire',
  prospect: 'Prospect',
};

export interface Contact {
  id: number;
  name: string;
  email: string;
  phone: string;
  company: string;
  address: string;
  city: string;
  postal_code: string;
  country: string;
  notes: string;
  category: ContactCategory;
  created_at: string;
}

/** What the list endpoint returns: only what the list, the pickers and the search need. */
export type ContactListItem = Pick<Contact, 'id' | 'name' | 'email' | 'phone' | 'company' | 'category'>;

export type ContactInput = Omit<Contact, 'id' | 'created_at'>;

export const CONTACT_FIELD_LABELS: Record<keyof ContactInput, string> = {
  name: 'Nom',
  email: 'Email',
  phone: 'Téléphone',
  company: 'Entreprise',
  address: 'Adresse',
  city: 'Ville',
  postal_code: 'Code postal',
  country: 'Pays',
  notes: 'Notes',
  category: 'Catégorie',
};

export const DEFAULT_COUNTRY = 'France';
export const CONTACT_IMPORT_MAX_ROWS = 200;
