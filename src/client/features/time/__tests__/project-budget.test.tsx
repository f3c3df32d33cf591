import { screen } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { mockHttp, renderWithProviders, signedIn } from '@/client/test/render';
import { ProjectBudget } from '../project-budget';

describe('project « Budget » block (issue 28)', () => {
  let mock: MockAdapter;
  beforeEach(() => {
    mock = mockHttp();
  });
  afterEach(() => mock.restore());

  it('shows the budget, the time recorded in hours and at its rates, what is billed and what is paid', async () => {
    mock.onGet('projects/3/time_budget/').reply(200, { budget: 2000, recorded_hours: 12.5, recorded_value: 950, billed_hours: 10, billed: 800, paid: 400 });
    renderWithProviders(<ProjectBudget projectId={3} />, { preloadedState: signedIn });
    const block = await screen.findByRole('region', { name: 'Budget' });
    expect(block).toHaveTextContent(/Budget2\s000,00\s€/);
    expect(block).toHaveTextContent(/Temps enregistré12,5 h · 950,00\s€/);
    expect(block).toHaveTextContent(/Facturé \(factures émises, HT\)800,00\s€ · 10 h/);
    expect(block).toHaveTextContent(/Payé400,00\s€/);
  });
});
