import { compactBic, compactIban, isValidBic, isValidIban } from './identifiers';

/**
 * The payload of the EPC QR code (issue 27), built from the European Payments Council's guideline
 * EPC069-12 "Quick Response Code: guidelines to enable data capture for the initiation of a SEPA
 * Credit Transfer" (v3.0): the text a banking app scans to prefill a transfer to the seller, for
 * the amount due, with the invoice number as the remittance information. One field per line:
 *
 *   1 service tag      BCD
 *   2 version          002 (the BIC may be left empty within the EEA)
 *   3 character set    1 = UTF-8
 *   4 identification   SCT (SEPA Credit Transfer)
 *   5 BIC              8 or 11 characters, or empty
 *   6 beneficiary name 70 characters at most
 *   7 IBAN             34 characters at most, without spaces
 *   8 amount           'EUR' + 0.01 to 999999999.99, 2 decimals, dot
 *   9 purpose          empty
 *  10 structured ref.  empty (a creditor reference; exclusive with 11)
 *  11 remittance       unstructured, 140 characters at most: the invoice number
 *
 * The last optional field (beneficiary to originator information) is left out; lines are
 * separated by LF, and the whole payload is 331 bytes at most. The symbol is encoded with
 * error correction level M (the guideline's requirement).
 */

export const EPC_QR_ERROR_CORRECTION = 'M' as const;
export const EPC_MAX_BYTES = 331;
export const EPC_MAX_NAME = 70;
export const EPC_MAX_REMITTANCE = 140;
/** 999 999 999,99 € in cents, the largest amount the guideline allows. */
export const EPC_MAX_CENTS = 99_999_999_999;

export interface EpcTransfer {
  /** The seller's name, as printed. */
  name: string;
  /** The seller's IBAN, spaces allowed ('' when the profile has none). */
  iban: string;
  /** The seller's BIC, or ''. */
  bic: string;
  /** What is due, in cents. */
  amountCents: number;
  /** The invoice number. */
  reference: string;
}

export type EpcRefusal = 'no-iban' | 'invalid-bic' | 'no-name' | 'nothing-due' | 'amount-too-large' | 'reference' | 'too-long';

export type EpcPayload = { ok: true; payload: string } | { ok: false; reason: EpcRefusal };

/** One line of text: no line breaks nor runs of spaces (they would split or pad a field). */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** '1234.50' for 123450 cents, without floating point. */
const euros = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/**
 * The EPC069-12 payload of a transfer, or why there is none: no valid IBAN, nothing due (or not
 * a whole number of cents), an amount beyond the guideline's, no name, no reference or one longer
 * than 140 characters, more than 331 bytes in all. A name longer than 70 characters is cut to 70
 * (the bank shows it to the payer; the IBAN is what routes the money).
 */
export function epcPayload(transfer: EpcTransfer): EpcPayload {
  const iban = compactIban(transfer.iban);
  if (!iban || !isValidIban(iban)) return { ok: false, reason: 'no-iban' };
  const bic = compactBic(transfer.bic);
  if (bic && !isValidBic(bic)) return { ok: false, reason: 'invalid-bic' };
  const name = Array.from(oneLine(transfer.name)).slice(0, EPC_MAX_NAME).join('').trim();
  if (!name) return { ok: false, reason: 'no-name' };
  const cents = transfer.amountCents;
  if (!Number.isInteger(cents) || cents < 1) return { ok: false, reason: 'nothing-due' };
  if (cents > EPC_MAX_CENTS) return { ok: false, reason: 'amount-too-large' };
  const reference = oneLine(transfer.reference);
  if (!reference || Array.from(reference).length > EPC_MAX_REMITTANCE) return { ok: false, reason: 'reference' };
  const payload = ['BCD', '002', '1', 'SCT', bic, name, iban, `EUR${euros(cents)}`, '', '', reference].join('\n');
  if (new TextEncoder().encode(payload).length > EPC_MAX_BYTES) return { ok: false, reason: 'too-long' };
  return { ok: true, payload };
}
