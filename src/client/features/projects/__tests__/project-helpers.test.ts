import { makeProject } from '@/client/kit/__tests__/workflow-fixtures';
import { filtersFromQuery, EMPTY_PROJECT_FILTERS, projectPageArgs } from '../project-filters';
import { buildProjectPayload, EMPTY_PROJECT_FORM, parseAmount, toProjectForm, validateProjectForm } from '../project-form';

describe('project list filters', () => {
  it('sends the search, the status, the priority and the sort to the server, leaving out what is empty (issue 29)', () => {
    expect(projectPageArgs(EMPTY_PROJECT_FILTERS, '-created_at')).toEqual({ ordering: '-created_at' });
    expect(projectPageArgs({ search: '  aubert ', status: 'en_cours', priority: 'haute' }, 'name')).toEqual({
      search: 'aubert', status: 'en_cours', priority: 'haute', ordering: 'name',
    });
  });

  it('reads known filters from the route query only', () => {
    expect(filtersFromQuery(new URLSearchParams('status=en_cours&priority=urgent'))).toEqual({ status: 'en_cours', priority: 'urgent' });
    expect(filtersFromQuery(new URLSearchParams('status=pending'))).toEqual({ status: '', priority: '' });
  });
});

describe('project form', () => {
  it('requires a name and non-negative amounts with 2 decimals at most', () => {
    expect(validateProjectForm({ ...EMPTY_PROJECT_FORM, name: '  ' })).toEqual({ name: 'Le nom du projet est requis.' });
    const errors = validateProjectForm({ ...EMPTY_PROJECT_FORM, name: 'X', budget: '-1', revenue: '1.234' });
    expect(Object.keys(errors)).toEqual(['budget', 'revenue']);
    expect(validateProjectForm({ ...EMPTY_PROJECT_FORM, name: 'X', budget: '1500,5', revenue: '' })).toEqual({});
  });

  it('parses amounts', () => {
    expect(parseAmount('')).toBe(0);
    expect(parseAmount('12,5')).toBe(12.5);
    expect(parseAmount('0.01')).toBe(0.01);
    expect(parseAmount('-3')).toBeNull();
    expect(parseAmount('abc')).toBeNull();
  });

  it('sends empty dates as null, amounts as numbers and contacts as contact_ids', () => {
    const form = toProjectForm(
      makeProject({ name: ' Site ', contacts: [{ id: 4, name: 'A' }], budget: 1500.5, due_date: '2026-06-30', status: 'en_cours' }),
    );
    expect(buildProjectPayload({ ...form, revenue: '' })).toEqual({
      name: 'Site',
      description: '',
      contact_ids: [4],
      status: 'en_cours',
      priority: 'normale',
      start_date: null,
      due_date: '2026-06-30',
      completed_date: null,
      budget: 1500.5,
      revenue: 0,
      hourly_rate: 0,
    });
  });
});
