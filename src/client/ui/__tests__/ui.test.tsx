import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { ConfirmProvider, useConfirm } from '../confirm-dialog';
import { DataTable } from '../table';
import { searchStatus } from '../search-select';
import { lightTheme } from '../theme';
import { ToastProvider, useToast } from '../toast';

function wrap(children: ReactNode) {
  return render(
    <ThemeProvider theme={lightTheme}>
      <ToastProvider>
        <ConfirmProvider>{children}</ConfirmProvider>
      </ToastProvider>
    </ThemeProvider>,
  );
}

interface Row {
  id: number;
  name: string;
  budget: number;
}

describe('DataTable sortable headers', () => {
  const rows: Row[] = [
    { id: 1, name: 'Site vitrine', budget: 1200 },
    { id: 2, name: 'Audit', budget: 300 },
    { id: 3, name: 'Refonte', budget: 5000 },
  ];
  const names = () =>
    screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0].textContent);

  it('sorts ascending, then descending, with aria-sort and keyboard', async () => {
    const user = userEvent.setup();
    wrap(
      <DataTable<Row>
        caption="Projets"
        rows={rows}
        rowKey={(r) => r.id}
        columns={[
          { key: 'name', header: 'Nom du Projet' },
          { key: 'budget', header: 'Budget', render: (r) => `${r.budget} €` },
        ]}
      />,
    );
    expect(screen.getByRole('table', { name: 'Projets' })).toBeInTheDocument();
    const nameHeader = screen.getByRole('columnheader', { name: /Nom du Projet/ });
    expect(nameHeader).toHaveAttribute('aria-sort', 'none');

    await user.click(screen.getByRole('button', { name: 'Nom du Projet' }));
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(names()).toEqual(['Audit', 'Refonte', 'Site vitrine']);
    expect(screen.getByTestId('sort-arrow-asc')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Nom du Projet' }));
    expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toEqual(['Site vitrine', 'Refonte', 'Audit']);

    screen.getByRole('button', { name: 'Budget' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('columnheader', { name: /Budget/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(nameHeader).toHaveAttribute('aria-sort', 'none');
    expect(names()).toEqual(['Audit', 'Site vitrine', 'Refonte']);
  });

  it('shows an empty state without rows', () => {
    wrap(<DataTable<Row> caption="Projets" rows={[]} rowKey={(r) => r.id} columns={[]} emptyMessage="Aucun projet à afficher." />);
    expect(screen.getByText('Aucun projet à afficher.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

function DeleteButton({ onResult }: { onResult: (ok: boolean) => void }) {
  const confirm = useConfirm();
  return (
    <button
      type="button"
      onClick={async () =>
        onResult(await confirm({ title: 'Supprimer', message: 'Voulez-vous vraiment supprimer ce contact ?', confirmLabel: 'Supprimer' }))
      }
    >
      Supprimer le contact
    </button>
  );
}

describe('ConfirmDialog', () => {
  it('resolves true on confirm', async () => {
    const user = userEvent.setup();
    const onResult = jest.fn();
    wrap(<DeleteButton onResult={onResult} />);
    await user.click(screen.getByRole('button', { name: 'Supprimer le contact' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Supprimer' });
    expect(dialog).toHaveAccessibleDescription('Voulez-vous vraiment supprimer ce contact ?');
    expect(within(dialog).getByRole('button', { name: 'Annuler' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    expect(onResult).toHaveBeenCalledWith(true);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('cancels on Escape, traps Tab and gives focus back', async () => {
    const user = userEvent.setup();
    const onResult = jest.fn();
    wrap(<DeleteButton onResult={onResult} />);
    const opener = screen.getByRole('button', { name: 'Supprimer le contact' });
    await user.click(opener);
    const dialog = screen.getByRole('alertdialog');
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Supprimer' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Annuler' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(onResult).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});

function ToastButtons() {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast.success('Contact créé avec succès !')}>
        ok
      </button>
      <button type="button" onClick={() => toast.error('Erreur lors de la suppression du contact.')}>
        ko
      </button>
    </>
  );
}

describe('toasts', () => {
  it('announces successes as status and errors as alert, and can be dismissed', async () => {
    const user = userEvent.setup();
    wrap(<ToastButtons />);
    await user.click(screen.getByRole('button', { name: 'ok' }));
    expect(screen.getByRole('status')).toHaveTextContent('Contact créé avec succès !');
    await user.click(screen.getByRole('button', { name: 'ko' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Erreur lors de la suppression du contact.');
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Fermer la notification' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('searchStatus', () => {
  it('says how many of how many are listed, « plus de » when the server stopped counting', () => {
    const results = { shown: 20, total: 10_000, hasMore: true, loading: false, loadMore: () => undefined };
    expect(searchStatus('', results)).toBe('20 sur 10000 listés : précisez la recherche pour trouver les autres.');
    expect(searchStatus('', { ...results, totalAtLeast: true })).toBe('20 sur plus de 10000 listés : précisez la recherche pour trouver les autres.');
  });
});
