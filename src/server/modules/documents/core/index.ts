/**
 * The invoicing core: pure rules (no I/O) for totals and VAT, settlement, numbering and
 * chronology, deposits and credit notes. Services read rows through repositories, ask the core,
 * and write what it decides.
 */
export * from './format';
export * from './totals';
export * from './settlement';
export * from './numbering';
export * from './payment-terms';
export * from './deposits';
export * from './credit-notes';
export * from './frozen';
export * from './cashed';
