import { useParams } from 'react-router-dom';
import { ComingSoonPage } from '../../ui/coming-soon';

/** Placeholder: /projects/new (create) and /projects/:id (edit). */
export function ProjectDetailPage() {
  const { id } = useParams();
  return <ComingSoonPage title={id ? 'Projet' : 'Nouveau projet'} />;
}
