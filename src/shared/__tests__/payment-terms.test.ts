import { paymentDueDate, paymentTermsProblem, paymentTermsText, type PaymentTerms } from '../payment-terms';

/** Payment terms (issue 25): the due date they give and their wording, hand-checked. */

describe('payment terms', () => {
  it.each([
    ['2026-11-27', { kind: 'reception', days: 0 }, '2026-11-27', 'paiement à réception'],
    ['2026-11-27', { kind: 'net', days: 30 }, '2026-12-27', 'paiement à 30 jours'],
    ['2026-12-10', { kind: 'net', days: 30 }, '2027-01-09', 'paiement à 30 jours'],
    ['2026-11-27', { kind: 'end_of_month', days: 30 }, '2026-12-31', 'paiement à 30 jours fin de mois'],
    ['2026-01-31', { kind: 'end_of_month', days: 30 }, '2026-03-31', 'paiement à 30 jours fin de mois'],
    ['2026-01-15', { kind: 'end_of_month', days: 45 }, '2026-03-31', 'paiement à 45 jours fin de mois'],
    ['2028-01-15', { kind: 'end_of_month', days: 30 }, '2028-02-29', 'paiement à 30 jours fin de mois'],
    ['2026-03-01', { kind: 'net', days: 1 }, '2026-03-02', 'paiement à 1 jour'],
  ] as const)('an invoice dated %s at %j is due %s: « %s »', (issued, terms, due, words) => {
    expect(paymentDueDate(issued, terms)).toBe(due);
    expect(paymentTermsText(terms)).toBe(words);
  });

  it.each([
    [{ kind: 'net', days: 60 }, 'professionnel', null],
    [{ kind: 'net', days: 61 }, 'professionnel', 'Entre professionnels, le délai de paiement ne peut pas dépasser 60 jours après la date d’émission de la facture (art. L441-10 du Code de commerce).'],
    [{ kind: 'end_of_month', days: 45 }, 'professionnel', null],
    [{ kind: 'end_of_month', days: 46 }, 'professionnel', 'Entre professionnels, un délai « fin de mois » ne peut pas dépasser 45 jours fin de mois à compter de la date d’émission de la facture (art. L441-10 du Code de commerce).'],
    [{ kind: 'net', days: 90 }, 'particulier', null],
    [{ kind: 'net', days: 366 }, 'particulier', 'Indiquez un délai entier de 1 à 365 jours, ou choisissez le paiement à réception.'],
    [{ kind: 'net', days: 0 }, 'particulier', 'Indiquez un délai entier de 1 à 365 jours, ou choisissez le paiement à réception.'],
    [{ kind: 'reception', days: 3 }, 'professionnel', 'Un paiement à réception n’a pas de délai : indiquez 0 jour.'],
  ] as [PaymentTerms, 'professionnel' | 'particulier', string | null][])('%j for a %s client: %s (C. com. L441-10 I)', (terms, client, problem) => {
    expect(paymentTermsProblem(terms, client)).toBe(problem);
  });
});
