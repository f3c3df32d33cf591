import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { currentPath, renderWithProviders } from '@/client/test/render';
import { TextField } from '@/client/ui/form-fields';
import { useRecordEditor, type EditorLoad } from '../use-record-editor';

interface Note {
  id: number;
  title: string;
  body: string;
}
type NoteForm = Pick<Note, 'title' | 'body'>;
type NoteErrors = Partial<Record<keyof NoteForm, string>>;

const refused = (status: number, data: unknown) => ({ status, data });

interface HarnessProps {
  load: EditorLoad<Note> | null;
  send?: (form: NoteForm) => Promise<Note>;
  remove?: () => Promise<unknown>;
  inline?: boolean;
}

/** A thin editor as the pages write them: the hook and two fields. */
function NoteEditor({ load, send = async (form) => ({ id: 1, ...form }), remove = async () => undefined, inline }: HarnessProps) {
  const editor = useRecordEditor<Note, NoteForm, NoteErrors>({
    load,
    newForm: () => ({ title: '', body: '' }),
    toForm: (note) => ({ title: note.title, body: note.body }),
    leave: { message: 'Impossible de charger la note.', to: '/notes', replace: true },
    validate: (form) => (form.title.trim() ? {} : { title: 'Le titre est requis.' }),
    focus: { fields: ['title', 'body'], element: (field) => document.getElementById(`note-${field}`) },
    save: {
      send,
      createdPath: load ? undefined : (note) => `/notes/${note.id}`,
      created: 'Note créée.',
      updated: 'Note enregistrée.',
      fields: ['title', 'body'],
      labels: { title: 'Titre', body: 'Texte' },
    },
    remove: {
      confirm: () => ({ title: 'Supprimer la note', message: 'Supprimer cette note ?', confirmLabel: 'Supprimer' }),
      send: remove,
      deleted: 'Note supprimée.',
      to: '/notes',
      failed: 'Erreur lors de la suppression.',
      inline,
    },
  });
  if (!editor.form) return <p>Chargement...</p>;
  return (
    <form onSubmit={editor.submit} noValidate aria-label="Note">
      {editor.refusal && <p role="alert">{editor.refusal.messages.join(' | ') || 'Refusé.'}</p>}
      <TextField id="note-title" label="Titre" value={editor.form.title} error={editor.errors?.title} onChange={(e) => editor.update('title', e.target.value)} />
      <TextField id="note-body" label="Texte" value={editor.form.body} error={editor.errors?.body} onChange={(e) => editor.update('body', e.target.value)} />
      <output data-testid="record">{editor.record?.title ?? ''}</output>
      <button type="submit">Enregistrer</button>
      <button type="button" onClick={editor.remove}>
        Supprimer
      </button>
    </form>
  );
}

const NOTE: Note = { id: 3, title: 'Courses', body: 'Pain' };

/** The page's query, played by hand: each `answer` is a new response of the server. */
function QueryDriven(props: Omit<HarnessProps, 'load'>) {
  const [load, setLoad] = useState<EditorLoad<Note>>({ data: undefined, failed: false });
  return (
    <>
      <button type="button" onClick={() => setLoad({ data: NOTE, fetching: true, failed: false })}>
        répondre (en cours)
      </button>
      <button type="button" onClick={() => setLoad({ data: NOTE, failed: false })}>
        répondre
      </button>
      <button type="button" onClick={() => setLoad({ data: { ...NOTE, title: 'Courses du samedi' }, failed: false })}>
        rafraîchir
      </button>
      <button type="button" onClick={() => setLoad({ data: undefined, failed: true })}>
        échouer
      </button>
      <NoteEditor load={load} {...props} />
    </>
  );
}

describe('useRecordEditor', () => {
  it('fills the form once the record is there, and a later answer does not wipe what is typed', async () => {
    const { user } = renderWithProviders(<QueryDriven />, { route: '/notes/3' });
    expect(screen.getByText('Chargement...')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'répondre (en cours)' }));
    expect(screen.getByText('Chargement...')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'répondre' }));
    expect(screen.getByLabelText('Titre')).toHaveValue('Courses');
    await user.type(screen.getByLabelText('Texte'), ' et lait');
    await user.click(screen.getByRole('button', { name: 'rafraîchir' }));
    expect(screen.getByLabelText('Texte')).toHaveValue('Pain et lait');
    expect(screen.getByLabelText('Titre')).toHaveValue('Courses');
    // The record itself follows the server.
    expect(screen.getByTestId('record')).toHaveTextContent('Courses du samedi');
  });

  it('leaves with its French message when the record cannot be loaded', async () => {
    const { user } = renderWithProviders(<QueryDriven />, { route: '/notes/3' });
    await user.click(screen.getByRole('button', { name: 'échouer' }));
    expect(await screen.findByText('Impossible de charger la note.')).toBeInTheDocument();
    expect(currentPath()).toBe('/notes');
  });

  it('focuses the first field in error and sends nothing', async () => {
    const send = jest.fn();
    const { user } = renderWithProviders(<NoteEditor load={null} send={send} />);
    await user.type(screen.getByLabelText('Texte'), 'Sans titre');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(screen.getByLabelText('Titre')).toHaveFocus();
    expect(screen.getByLabelText('Titre')).toHaveAccessibleDescription('Le titre est requis.');
    expect(send).not.toHaveBeenCalled();
    // Typed in again: its message goes.
    await user.type(screen.getByLabelText('Titre'), 'A');
    expect(screen.getByLabelText('Titre')).not.toHaveAccessibleDescription('Le titre est requis.');
  });

  it('creates, says so and opens the new record', async () => {
    const { user } = renderWithProviders(<NoteEditor load={null} send={async (form) => ({ id: 9, ...form })} />, { route: '/notes/new' });
    await user.type(screen.getByLabelText('Titre'), 'Idées');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Note créée.')).toBeInTheDocument();
    // The toast and the navigation are two renders: wait for the second, not a duration.
    await waitFor(() => expect(currentPath()).toBe('/notes/9'));
  });

  it("refills the form from the update's answer", async () => {
    const send = jest.fn(async (form: NoteForm) => ({ id: 3, title: form.title.trim(), body: form.body }));
    const { user } = renderWithProviders(<NoteEditor load={{ data: NOTE, failed: false }} send={send} />);
    await user.type(screen.getByLabelText('Titre'), '  ');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Note enregistrée.')).toBeInTheDocument();
    expect(send).toHaveBeenCalledWith({ title: 'Courses  ', body: 'Pain' });
    expect(screen.getByLabelText('Titre')).toHaveValue('Courses');
  });

  it('puts the server messages under their fields and lists them all', async () => {
    const send = jest.fn().mockRejectedValue(refused(400, { body: ['Trop long.'], detail: 'Refusé en partie.' }));
    const { user } = renderWithProviders(<NoteEditor load={{ data: NOTE, failed: false }} send={send} />);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Texte : Trop long. | Refusé en partie.');
    expect(screen.getByLabelText('Texte')).toHaveAccessibleDescription('Trop long.');
  });

  it('deletes only once confirmed, then leaves', async () => {
    const remove = jest.fn().mockResolvedValue(undefined);
    const { user } = renderWithProviders(<NoteEditor load={{ data: NOTE, failed: false }} remove={remove} />, { route: '/notes/3' });
    await user.click(screen.getByRole('button', { name: 'Supprimer' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Annuler' }));
    expect(remove).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Supprimer' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(currentPath()).toBe('/notes'));
    expect(remove).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Note supprimée.')).toBeInTheDocument();
  });

  it("shows the server's reason for a refused deletion, in the page when asked", async () => {
    const remove = jest.fn().mockRejectedValue(refused(400, { detail: 'Encore utilisée.' }));
    const { user } = renderWithProviders(<NoteEditor load={{ data: NOTE, failed: false }} remove={remove} inline />, { route: '/notes/3' });
    await user.click(screen.getByRole('button', { name: 'Supprimer' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Encore utilisée.');
    expect(currentPath()).toBe('/notes/3');
  });
});
