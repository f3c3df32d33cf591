import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders } from '@/client/test/render';
import { ContactPicker } from '../contact-picker';
import { PriorityBadge, ProjectStatusBadge, TaskStatusBadge } from '../workflow-badges';

function Picker({ initial }: { initial: number[] }) {
  const [value, setValue] = useState(initial);
  return (
    <ContactPicker
      legend="Contacts concernés"
      addLabel="Ajouter un contact"
      options={[
        { id: 1, name: 'Agence Bleue' },
        { id: 2, name: 'Imprimerie Dupré' },
      ]}
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
