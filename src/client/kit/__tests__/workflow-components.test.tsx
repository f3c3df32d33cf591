import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders } from '@/client/test/render';
import type { NamedRef } from '@/shared/contracts/common';
import { ContactPicker } from '../contact-picker';
import type { RefMatches } from '../ref-search-select';
import { PriorityBadge, ProjectStatusBadge, TaskStatusBadge } from '../workflow-badges';

const CONTACTS = [
  { id: 1, name: 'Agence Bleue' },
  { id: 2, name: 'Imprimerie Dupré' },
  { id: 4, name: 'Studio Vert' },
];

/** A stand-in for the server's search (`useContactSearch`): the first 2 contacts whose name holds what is typed. */
function useFakeSearch(typed: string): RefMatches<NamedRef> {
  const matching = CONTACTS.filter((c) => c.name.toLowerCase().includes(typed.trim().toLowerCase()));
  const rows = matching.slice(0, 2);
  return {
    rows, search: typed, isLoading: false, isError: false,
    shown: rows.length, total: matching.length, hasMore: matching.length > rows.length, loading: false, loadMore: () => undefined,
  };
}

function Picker({ initial }: { initial: number[] }) {
  const [value, setValue] = useState(initial);
  return (
    <ContactPicker
      legend="Contacts concernés"
      addLabel="Ajouter un contact"
      searchLabel="Rechercher un contact"
      useSearch={useFakeSearch}
      known={[{ id: 3, name: 'Ancien client' }]}
      value={value}
      onChange={setValue}
    />
  );
}

describe('ContactPicker', () => {
  it("adds and removes contacts, names known ones and falls back to 'Contact inconnu'", async () => {
    const { user } = renderWithProviders(<Picker initial={[3, 99]} />);
    const group = screen.getByRole('group', { name: 'Contacts concernés' });
    expect(within(group).getByRole('link', { name: 'Ancien client' })).toHaveAttribute('href', '/contacts/3');
    expect(within(group).getByRole('link', { name: 'Contact inconnu' })).toHaveAttribute('href', '/contacts/99');

    const add = screen.getByRole('button', { name: 'Ajouter' });
    expect(add).toBeDisabled();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Ajouter un contact' }), 'Imprimerie Dupré');
    await user.click(add);
    expect(within(group).getByRole('link', { name: 'Imprimerie Dupré' })).toHaveAttribute('href', '/contacts/2');
    expect(within(screen.getByRole('combobox', { name: 'Ajouter un contact' })).queryByRole('option', { name: 'Imprimerie Dupré' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Retirer Contact inconnu' }));
    expect(within(group).queryByRole('link', { name: 'Contact inconnu' })).toBeNull();
  });

  it('searches the server’s contacts, says when more match, and keeps a chosen contact named outside the matches (issue 29)', async () => {
    const { user } = renderWithProviders(<Picker initial={[]} />);
    const select = screen.getByRole('combobox', { name: 'Ajouter un contact' });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Ajouter un contact…', 'Agence Bleue', 'Imprimerie Dupré']);
    expect(screen.getByText('2 sur 3 listés : précisez la recherche pour trouver les autres.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Afficher la suite' })).toBeInTheDocument();

    const search = screen.getByRole('searchbox', { name: 'Rechercher un contact' });
    await user.type(search, 'vert');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Ajouter un contact…', 'Studio Vert']);
    // Keyboard: Enter goes from the search field to the select, « Ajouter » adds.
    await user.keyboard('{Enter}');
    expect(select).toHaveFocus();
    await user.selectOptions(select, 'Studio Vert');
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));

    await user.clear(search);
    await user.type(search, 'bleue');
    const group = screen.getByRole('group', { name: 'Contacts concernés' });
    // Studio Vert is no longer among the matches: its chip still names it.
    expect(within(group).getByRole('link', { name: 'Studio Vert' })).toHaveAttribute('href', '/contacts/4');
    await user.keyboard('{Escape}');
    expect(search).toHaveValue('');
  });
});

describe('badges', () => {
  it('use the SPEC colours', () => {
    renderWithProviders(
      <>
        <ProjectStatusBadge status="en_cours" label="En cours" />
        <ProjectStatusBadge status="termine" />
        <TaskStatusBadge status="en_attente" />
        <TaskStatusBadge status="en_cours" label="En cours (tâche)" />
        <PriorityBadge priority="haute" />
        <PriorityBadge priority="urgent" />
      </>,
    );
    expect(screen.getByText('En cours')).toHaveAttribute('data-tone', 'green');
    expect(screen.getByText('Terminé')).toHaveAttribute('data-tone', 'purple');
    expect(screen.getByText('En attente')).toHaveAttribute('data-tone', 'yellow');
    expect(screen.getByText('En cours (tâche)')).toHaveAttribute('data-tone', 'blue');
    expect(screen.getByText('Élevée')).toHaveAttribute('data-tone', 'orange');
    expect(screen.getByText('Urgent')).toHaveAttribute('data-tone', 'red');
  });
});
