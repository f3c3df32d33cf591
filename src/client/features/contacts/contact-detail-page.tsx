import { useParams } from 'react-router-dom';
import { ComingSoonPage } from '../../ui/coming-soon';

/** Placeholder: /contacts/new (create) and /contacts/:id (edit). */
export function ContactDetailPage() {
  const { id } = useParams();
  return <ComingSoonPage title={id ? 'Contact' : 'Nouveau contact'} />;
}
