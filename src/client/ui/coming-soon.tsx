import { Card } from './card';
import { EmptyState } from './empty-state';
import { IconActivity } from './icons';
import { Page } from './page';

export interface ComingSoonPageProps {
  title: string;
  description?: string;
}

/** Temporary page for capabilities that arrive in later issues. */
export function ComingSoonPage({ title, description }: ComingSoonPageProps) {
  return (
    <Page title={title}>
      <Card padded={false}>
        <EmptyState
          icon={<IconActivity size={24} />}
          title="Bientôt disponible"
          description={description ?? 'Cette section est en cours de préparation et sera disponible prochainement.'}
        />
      </Card>
    </Page>
  );
}
