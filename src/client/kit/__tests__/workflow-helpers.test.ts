import { dueState, compareDueDates } from '../due-date';
import { fieldErrorMessages, formatFieldErrors, mapFieldErrors } from '../field-errors';
import { countLabel } from '../plural';
import { buildSearchIndex, matchesQuery, normalizeSearch } from '../search-index';
import { dateSortValue, workflowOrder } from '../sort-values';
import { optionsWithCurrent, PROJECT_FORM_STATUSES } from '../workflow-options';
import { PROJECT_STATUS_LABELS } from '@/shared/projects-tasks';

describe('formatFieldErrors', () => {
  it("joins 'Label : message' items with ' | ', unknown fields keeping their name", () => {
    expect(
      formatFieldErrors(
        { title: ['Ce champ ne peut être vide.'], hourly_rate: ['A', 'B'], mystery: 'Oups', detail: 'Général' },
        { title: 'Titre', hourly_rate: 'Tarif horaire' },
      ),
    ).toBe('Titre : Ce champ ne peut être vide. | Tarif horaire : A B | mystery : Oups | Général');
  });

  it('gives an empty text for bodies without messages', () => {
    expect(formatFieldErrors(undefined)).toBe('');
    expect(formatFieldErrors('<html>')).toBe('');
    expect(formatFieldErrors({ name: [] })).toBe('');
  });
});

describe('mapFieldErrors', () => {
  const body = { amount: ['Trop élevé.', 'Vraiment.'], detail: 'Refusé.', method: [''], mystery: ['Oups'], date: [['Imbriqué.']] };

  it("puts the form's fields under them and keeps the rest apart, labelled, in the body's order", () => {
    expect(mapFieldErrors(body, ['amount', 'date', 'method'] as const, { mystery: 'Mystère' })).toEqual({
      fields: { amount: 'Trop élevé. Vraiment.', date: 'Imbriqué.' },
      others: ['Refusé.', 'Mystère : Oups'],
    });
  });

  it('reads anything that is not a body as no error', () => {
    expect(mapFieldErrors(undefined, ['amount'])).toEqual({ fields: {}, others: [] });
    expect(mapFieldErrors(['amount'], ['amount'])).toEqual({ fields: {}, others: [] });
    expect(fieldErrorMessages('<html>')).toEqual([]);
  });

  it('gives one line per field for summaries', () => {
    expect(fieldErrorMessages(body, { amount: 'Montant' })).toEqual(['Montant : Trop élevé. Vraiment.', 'Refusé.', 'mystery : Oups', 'date : Imbriqué.']);
  });
});

describe('search index', () => {
  it('matches case- and accent-insensitive substrings of any field', () => {
    const index = buildSearchIndex([{ id: 1, a: 'École Étoile', b: null }, { id: 2, a: 'Boulangerie', b: 'Agence Œuvre' }], (x) => [x.a, x.b]);
    const hits = (q: string) => index.filter((e) => matchesQuery(e, normalizeSearch(q))).map((e) => e.item.id);
    expect(hits('ecole')).toEqual([1]);
    expect(hits('ÉTOI')).toEqual([1]);
    expect(hits('oeuvre')).toEqual([2]);
    expect(hits('')).toEqual([1, 2]);
    expect(hits('zzz')).toEqual([]);
  });
});

describe('due dates', () => {
  it('tells overdue, within 7 days and later apart', () => {
    expect(dueState('2026-03-09', '2026-03-10')).toBe('overdue');
    expect(dueState('2026-03-10', '2026-03-10')).toBe('soon');
    expect(dueState('2026-03-17', '2026-03-10')).toBe('soon');
    expect(dueState('2026-03-18', '2026-03-10')).toBe('normal');
    expect(dueState(null, '2026-03-10')).toBe('normal');
  });

  it('sorts missing dates last', () => {
    expect(['2026-02-01', null, '2026-01-01'].sort(compareDueDates)).toEqual(['2026-01-01', '2026-02-01', null]);
  });
});

describe('small helpers', () => {
  it('keeps a current value the screen does not offer', () => {
    expect(optionsWithCurrent(PROJECT_FORM_STATUSES, PROJECT_STATUS_LABELS).map((o) => o.value)).toEqual([
      'brouillon',
      'en_cours',
      'termine',
      'annule',
    ]);
    expect(optionsWithCurrent(PROJECT_FORM_STATUSES, PROJECT_STATUS_LABELS, 'en_attente').at(-1)).toEqual({
      value: 'en_attente',
      label: 'En attente',
    });
  });

  it('sorts dates as numbers and statuses in workflow order', () => {
    expect(dateSortValue('2026-01-02T10:00:00.000Z')).toBe(Date.UTC(2026, 0, 2, 10));
    expect(dateSortValue('')).toBeNull();
    expect(dateSortValue('n/a')).toBeNull();
    const rank = workflowOrder(['brouillon', 'en_cours', 'termine'] as const);
    expect(rank('termine')).toBeGreaterThan(rank('brouillon'));
  });

  it('writes French counts', () => {
    expect(countLabel(0, 'tâche', 'tâches')).toBe('0 tâche');
    expect(countLabel(1, 'tâche', 'tâches')).toBe('1 tâche');
    expect(countLabel(20000, 'tâche', 'tâches')).toMatch(/^20\s000 tâches$/);
  });
});
