import type { Party, RenderableDocument } from '../pdf/document-model';

/** Renderable documents for the rendering tests, without the app: a French company and its client. */

export const party = (extra: Partial<Party> = {}): Party => ({
  name: 'Studio Dupont', secondaryName: 'SARL', contactName: 'Jeanne Dupont', address: '12 rue des Lilas', postalCode: '69001',
  city: 'Lyon', country: 'France', email: 'jeanne@studio-dupont.fr', phone: '', website: '', siret: '12345678900012',
  vatNumber: 'FR12123456789', ...extra,
});

/** An issued invoice (FAC-2026-0007) of a VAT-registered seller to a business, at 20 %, one line. */
export const renderableInvoice = (extra: Partial<RenderableDocument> = {}): RenderableDocument => ({
  kind: 'invoice', number: 'FAC-2026-0007', id: 7, status: 'sent', title: 'Refonte', description: '',
  issueDate: '2026-03-15', endDate: '2026-04-14', paymentDate: null, taxRate: 20,
  lines: [{ title: 'Conception', description: '', quantity: 3, unitPrice: 19.99, taxRate: 20 }],
  vatRegime: 'assujetti', vatExemption: '', vatOnDebits: false, clientType: 'professionnel', operationCategory: 'services',
  serviceDate: null, serviceEndDate: null, delivery: null, bank: null,
  legalNotice: '', signatureNotice: '', issuer: party(), client: party({ name: 'Librairie Colette', vatNumber: '', siret: '' }),
  ...extra,
});
