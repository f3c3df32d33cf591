import { describeRouteFilter, translateListQuery } from '../list-query';

const q = (query: string) => new URLSearchParams(query);
const TODAY = '2025-11-21';

describe('translateListQuery (SPEC section 7)', () => {
  it('sends no parameter for a bare list', () => {
    expect(translateListQuery('quote', q(''), TODAY)).toEqual({});
    expect(translateListQuery('invoice', q(''), TODAY)).toEqual({});
  });

  it("reads the quotes' 'pending' status as 'sent'", () => {
    expect(translateListQuery('quote', q('status=pending'), TODAY)).toEqual({ status: 'sent' });
    expect(translateListQuery('quote', q('status=accepted'), TODAY)).toEqual({ status: 'accepted' });
  });

  it('turns status=outstanding into the issued statuses still awaiting payment', () => {
    expect(translateListQuery('invoice', q('status=outstanding'), TODAY)).toEqual({
      status__in: 'sent,partially_paid',
    });
  });

  it('turns paid_this_month into paid since the first day of the current month', () => {
    expect(translateListQuery('invoice', q('paid_this_month=true'), TODAY)).toEqual({
      status: 'paid',
      payment_date__gte: '2025-11-01',
    });
    expect(translateListQuery('invoice', q('paid_this_month=true'), '2026-01-01')).toEqual({
      status: 'paid',
      payment_date__gte: '2026-01-01',
    });
  });

  it('keeps status=overdue', () => {
    expect(translateListQuery('invoice', q('status=overdue'), TODAY)).toEqual({ status: 'overdue' });
  });

  it('turns due_soon into due_soon=true and drops the status', () => {
    expect(translateListQuery('invoice', q('due_soon=1&status=sent'), TODAY)).toEqual({ due_soon: 'true' });
  });

  it('does not translate invoice-only queries on quotes, nor false flags', () => {
    expect(translateListQuery('quote', q('status=outstanding'), TODAY)).toEqual({ status: 'outstanding' });
    expect(translateListQuery('invoice', q('paid_this_month=false'), TODAY)).toEqual({ paid_this_month: 'false' });
  });

  it('passes credit note queries through', () => {
    expect(translateListQuery('credit_note', q('status=sent&paid_this_month=true'), TODAY)).toEqual({
      status: 'sent',
      paid_this_month: 'true',
    });
    expect(describeRouteFilter('credit_note', q('status=issued'))).toBe('Avoirs au statut « Émis »');
    expect(describeRouteFilter('credit_note', q(''))).toBeNull();
  });

  it('names the filter a dashboard link applies', () => {
    expect(describeRouteFilter('quote', q('status=pending'))).toBe('Devis envoyés en attente de réponse');
    expect(describeRouteFilter('invoice', q('status=outstanding'))).toBe('Factures en attente de paiement');
    expect(describeRouteFilter('invoice', q('paid_this_month=true'))).toBe('Factures payées ce mois-ci');
    expect(describeRouteFilter('invoice', q('status=overdue'))).toBe('Factures en retard');
    expect(describeRouteFilter('invoice', q('due_soon=true'))).toBe('Factures arrivant à échéance dans les 7 jours');
    expect(describeRouteFilter('invoice', q(''))).toBeNull();
  });
});
