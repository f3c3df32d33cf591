import { ComingSoonPage } from '../../ui/coming-soon';

/** Placeholder until the capability's issue replaces it. */
export function ContactListPage() {
  return <ComingSoonPage title="Contacts" />;
}
