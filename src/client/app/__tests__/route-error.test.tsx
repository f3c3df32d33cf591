import { screen } from '@testing-library/react';
import { renderApp } from '@/client/test/render';

// A page that fails to render (here the 404 page).
jest.mock('../../features/not-found/not-found-page', () => ({
  NotFoundPage: () => {
    throw new Error('Rendu impossible');
  },
}));

describe('route error', () => {
  it('shows a French message and a reload instead of the router’s default screen', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const consoleWarn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderApp({ route: '/nope' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Une erreur inattendue s’est produite' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Recharger la page' })).toBeInTheDocument();
    expect(screen.queryByText(/Unexpected Application Error/)).not.toBeInTheDocument();
    consoleError.mockRestore();
    consoleWarn.mockRestore();
  });
});
