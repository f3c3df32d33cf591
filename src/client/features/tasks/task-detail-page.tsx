import { useParams } from 'react-router-dom';
import { ComingSoonPage } from '../../ui/coming-soon';

/** Placeholder: /tasks/new (create) and /tasks/:id (detail). */
export function TaskDetailPage() {
  const { id } = useParams();
  return <ComingSoonPage title={id ? 'Tâche' : 'Nouvelle tâche'} />;
}
