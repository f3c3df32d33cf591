import { useMemo, useState } from 'react';
import styled from 'styled-components';
import { Alert } from '@/client/ui/alert';
import { Button } from '@/client/ui/button';
import { useConfirm } from '@/client/ui/confirm-dialog';
import { EmptyState } from '@/client/ui/empty-state';
import { TextField } from '@/client/ui/form-fields';
import { IconCatalogue, IconPlus } from '@/client/ui/icons';
import { Page } from '@/client/ui/page';
import { Spinner } from '@/client/ui/spinner';
import { useToast } from '@/client/ui/toast';
import { media } from '@/client/ui/theme';
import { CatalogueItemDialog } from './catalogue-item-dialog';
import { priceLabel, rateLabel, searchCatalogue } from './catalogue-search';
import { useDeleteCatalogueItemMutation, useGetCatalogueQuery, type CatalogueItem } from './catalogue.api';

export const CATALOGUE_MESSAGES = {
  description: 'Les prestations et produits que vous facturez souvent : choisissez-les dans les lignes d’un devis ou d’une facture.',
  loading: 'Chargement du catalogue…',
  loadError: 'Impossible de charger le catalogue.',
  empty: 'Votre catalogue est vide',
  emptyHint: 'Ajoutez vos prestations et produits avec leur prix, leur unité et leur taux de TVA.',
  noMatch: (q: string) => `Aucun article ne correspond à « ${q} ».`,
  deleteTitle: 'Supprimer l’article ?',
  deleteMessage: (title: string) => `« ${title} » sera retiré du catalogue. Les devis et factures qui l’utilisent déjà ne changent pas.`,
  deleted: 'Article supprimé.',
  deleteError: 'L’article n’a pas pu être supprimé. Réessayez.',
} as const;

const StyledToolbar = styled.div`
  max-width: 420px;
  margin-bottom: ${({ theme }) => theme.spacing.lg};
`;

const StyledList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};
`;

const StyledItem = styled.li`
  display: grid;
  grid-template-columns: 1fr auto auto;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.md};
  padding: ${({ theme }) => theme.spacing.md} ${({ theme }) => theme.spacing.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.size.md};
  }

  p {
    margin: ${({ theme }) => theme.spacing.xs} 0 0;
    color: ${({ theme }) => theme.colors.textMuted};
    white-space: pre-line;
    overflow-wrap: anywhere;
  }

  ${media.below('sm')} {
    grid-template-columns: 1fr;
  }
`;

const StyledPrice = styled.div`
  text-align: right;
  white-space: nowrap;

  span {
    display: block;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.typography.size.sm};
  }

  ${media.below('sm')} {
    text-align: left;
  }
`;

const StyledActions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.spacing.sm};
`;

/** /catalogue (issue 28): the user's services and products, searched, added, edited and deleted. */
export function CataloguePage() {
  const { data, isLoading, isError } = useGetCatalogueQuery();
  const [deleteItem] = useDeleteCatalogueItemMutation();
  const confirm = useConfirm();
  const toast = useToast();
  const [query, setQuery] = useState('');
  /** The dialog: undefined closed, null a new item, else the item edited. */
  const [editing, setEditing] = useState<CatalogueItem | null | undefined>(undefined);
  const shown = useMemo(() => searchCatalogue(data ?? [], query), [data, query]);

  const onDelete = async (item: CatalogueItem) => {
    const ok = await confirm({ title: CATALOGUE_MESSAGES.deleteTitle, message: CATALOGUE_MESSAGES.deleteMessage(item.title), confirmLabel: 'Supprimer' });
    if (!ok) return;
    try {
      await deleteItem(item.id).unwrap();
      toast.success(CATALOGUE_MESSAGES.deleted);
    } catch {
      toast.error(CATALOGUE_MESSAGES.deleteError);
    }
  };

  const addButton = (
    <Button variant="primary" onClick={() => setEditing(null)}>
      <IconPlus size={18} />
      Nouvel article
    </Button>
  );

  return (
    <Page title="Catalogue" description={CATALOGUE_MESSAGES.description} actions={addButton}>
      {isLoading && <Spinner label={CATALOGUE_MESSAGES.loading} />}
      {isError && <Alert tone="error">{CATALOGUE_MESSAGES.loadError}</Alert>}
      {data && data.length === 0 && (
        <EmptyState icon={<IconCatalogue size={24} />} title={CATALOGUE_MESSAGES.empty} description={CATALOGUE_MESSAGES.emptyHint} />
      )}
      {data && data.length > 0 && (
        <>
          <StyledToolbar>
            <TextField type="search" label="Rechercher dans le catalogue" value={query} onChange={(event) => setQuery(event.target.value)} />
          </StyledToolbar>
          <p role="status" aria-live="polite">
            {shown.length === 0 ? CATALOGUE_MESSAGES.noMatch(query.trim()) : `${shown.length} article${shown.length > 1 ? 's' : ''}`}
          </p>
          <StyledList aria-label="Articles du catalogue">
            {shown.map((item) => (
              <StyledItem key={item.id}>
                <div>
                  <h2>{item.title}</h2>
                  {item.description && <p>{item.description}</p>}
                </div>
                <StyledPrice>
                  {priceLabel(item)}
                  <span>TVA {rateLabel(item.tax_rate)}</span>
                </StyledPrice>
                <StyledActions>
                  <Button size="sm" onClick={() => setEditing(item)} aria-label={`Modifier « ${item.title} »`}>
                    Modifier
                  </Button>
                  <Button size="sm" variant="danger" onClick={() => void onDelete(item)} aria-label={`Supprimer « ${item.title} »`}>
                    Supprimer
                  </Button>
                </StyledActions>
              </StyledItem>
            ))}
          </StyledList>
        </>
      )}
      {editing !== undefined && (
        <CatalogueItemDialog
          item={editing}
          onClose={() => setEditing(undefined)}
          onSaved={(message) => {
            setEditing(undefined);
            toast.success(message);
          }}
        />
      )}
    </Page>
  );
}
