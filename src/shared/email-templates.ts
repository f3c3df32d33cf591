/**
 * E-mail templates (issue 28): the kinds of message a user may reword, the placeholders they may
 * use, the built-in texts (today's messages, expressed with the placeholders), and the one plain-text
 * substitution both sides use (the server to send and preview, the editor's live preview).
 */

export const EMAIL_TEMPLATE_KINDS = ['quote', 'invoice', 'credit_note', 'reminder_1', 'reminder_2', 'reminder_3'] as const;
export type EmailTemplateKind = (typeof EMAIL_TEMPLATE_KINDS)[number];

export const isEmailTemplateKind = (value: unknown): value is EmailTemplateKind =>
  typeof value === 'string' && (EMAIL_TEMPLATE_KINDS as readonly string[]).includes(value);

export const EMAIL_TEMPLATE_LABELS: Record<EmailTemplateKind, string> = {
  quote: 'Devis',
  invoice: 'Facture',
  credit_note: 'Avoir',
  reminder_1: 'Relance',
  reminder_2: 'Deuxième relance',
  reminder_3: 'Dernière relance avant mise en demeure',
};

export const EMAIL_PLACEHOLDERS = ['client', 'numero', 'montant', 'echeance', 'lien'] as const;
export type EmailPlaceholder = (typeof EMAIL_PLACEHOLDERS)[number];

/** What each placeholder becomes (the editor lists them). */
export const EMAIL_PLACEHOLDER_HELP: Record<EmailPlaceholder, string> = {
  client: 'nom du client',
  numero: 'numéro du document',
  montant: 'montant (pour une relance : le reste dû)',
  echeance: 'date d’échéance (devis : date de validité)',
  lien: 'lien personnel du client vers le document en ligne (sinon ajouté sous la signature)',
};

export type EmailPlaceholderValues = Record<EmailPlaceholder, string>;

/** Bounds of a template (and of a message edited before sending). */
export const EMAIL_SUBJECT_MAX = 200;
export const EMAIL_BODY_MAX = 10_000;
/** At most this many copies (CC) per message. */
export const EMAIL_CC_MAX = 5;

export interface EmailTemplateText {
  subject: string;
  body: string;
}

const closing = 'Cordialement,';
const alreadyPaid = 'Si votre règlement a été effectué entre-temps, nous vous remercions de ne pas tenir compte de ce message.';

/**
 * The built-in texts: what is sent while the user has not saved a template of that kind. The
 * signature (name, company, the profile's signature notice) follows the body.
 */
export const DEFAULT_EMAIL_TEMPLATES: Record<EmailTemplateKind, EmailTemplateText> = {
  quote: {
    subject: 'Devis {numero} — {montant}',
    body: [
      'Bonjour {client},',
      '',
      'Veuillez trouver ci-joint le devis {numero}, d’un montant de {montant}. Il est valable jusqu’au {echeance}.',
      '',
      'N’hésitez pas à nous contacter pour toute question ; pour l’accepter, il suffit de nous le retourner signé avec la mention « Bon pour accord ».',
      '',
      closing,
    ].join('\n'),
  },
  invoice: {
    subject: 'Facture {numero} — {montant}',
    body: [
      'Bonjour {client},',
      '',
      'Veuillez trouver ci-joint la facture {numero}, d’un montant de {montant}. Elle est payable au plus tard le {echeance}.',
      '',
      'Nous restons à votre disposition pour toute question concernant cette facture.',
      '',
      closing,
    ].join('\n'),
  },
  credit_note: {
    subject: 'Avoir {numero} — {montant}',
    body: [
      'Bonjour {client},',
      '',
      'Veuillez trouver ci-joint l’avoir {numero}, d’un montant de {montant}.',
      '',
      'Nous restons à votre disposition pour toute question concernant cet avoir.',
      '',
      closing,
    ].join('\n'),
  },
  reminder_1: {
    subject: 'Relance — Facture {numero} — {montant} restant dû',
    body: [
      'Bonjour {client},',
      '',
      'Sauf erreur ou omission de notre part, la facture {numero}, arrivée à échéance le {echeance}, n’a pas encore été réglée.',
      '',
      'Montant restant dû : {montant}.',
      '',
      'Il s’agit sans doute d’un simple oubli : nous vous remercions de bien vouloir procéder à son règlement dans les meilleurs délais. Vous trouverez la facture en pièce jointe.',
      '',
      alreadyPaid,
      '',
      closing,
    ].join('\n'),
  },
  reminder_2: {
    subject: 'Deuxième relance — Facture {numero} — {montant} restant dû',
    body: [
      'Bonjour {client},',
      '',
      'Malgré notre précédente relance, nous constatons que la facture {numero}, échue le {echeance}, reste impayée à ce jour.',
      '',
      'Montant restant dû : {montant}.',
      '',
      'Nous vous prions de bien vouloir procéder à son règlement sous huit jours. Si une difficulté vous empêche de la régler, n’hésitez pas à nous contacter afin que nous trouvions ensemble une solution.',
      '',
      'Vous trouverez de nouveau la facture en pièce jointe.',
      '',
      alreadyPaid,
      '',
      closing,
    ].join('\n'),
  },
  reminder_3: {
    subject: 'Dernière relance avant mise en demeure — Facture {numero} — {montant} restant dû',
    body: [
      'Bonjour {client},',
      '',
      'Malgré nos relances, la facture {numero}, échue le {echeance}, demeure impayée.',
      '',
      'Montant restant dû : {montant}.',
      '',
      'Nous vous demandons de procéder à son règlement sous huit jours à compter de la réception de ce message. À défaut, nous nous verrons contraints de vous adresser une mise en demeure de payer, puis d’engager une procédure de recouvrement.',
      '',
      'Vous trouverez la facture en pièce jointe.',
      '',
      alreadyPaid,
      '',
      'Veuillez agréer l’expression de nos salutations distinguées.',
    ].join('\n'),
  },
};

/** Values shown by a preview without a document. */
export const SAMPLE_PLACEHOLDER_VALUES: EmailPlaceholderValues = {
  client: 'Librairie Colette',
  numero: 'FAC-2026-0042',
  montant: '1\u202f250,00\u00a0€',
  echeance: '31/12/2026',
  lien: '',
};

const PLACEHOLDER_PATTERN = /\{([^{}\n]{0,40})\}/g;

/** The `{…}` of `text` that are not placeholders, each once, in order. */
export function unknownPlaceholders(text: string): string[] {
  const unknown: string[] = [];
  for (const match of text.matchAll(PLACEHOLDER_PATTERN)) {
    if (!(EMAIL_PLACEHOLDERS as readonly string[]).includes(match[1]) && !unknown.includes(match[0])) unknown.push(match[0]);
  }
  return unknown;
}

/**
 * Replaces each placeholder by its value, in one pass (a value holding `{numero}` stays as it is):
 * plain text, never markup. `singleLine`: line breaks of the values become spaces (a subject).
 */
export function fillPlaceholders(text: string, values: EmailPlaceholderValues, singleLine = false): string {
  return text.replace(PLACEHOLDER_PATTERN, (whole, name: string) => {
    if (!(EMAIL_PLACEHOLDERS as readonly string[]).includes(name)) return whole;
    const value = values[name as EmailPlaceholder];
    return singleLine ? value.replace(/[\r\n]+/g, ' ') : value;
  });
}

/** The French refusals of a template (or an edited message), by field; empty when it is fine. */
export function templateErrors(text: EmailTemplateText, options: { placeholders: boolean }): Partial<Record<'subject' | 'body', string[]>> {
  const errors: Partial<Record<'subject' | 'body', string[]>> = {};
  const unknown = (field: 'subject' | 'body', value: string) => {
    if (!options.placeholders) return;
    const names = unknownPlaceholders(value);
    if (names.length) {
      errors[field] = [
        `${names.length > 1 ? 'Variables inconnues' : 'Variable inconnue'} : ${names.join(', ')}. Variables possibles : ${EMAIL_PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}.`,
      ];
    }
  };
  if (!text.subject.trim()) errors.subject = ['L’objet est requis.'];
  else if (/[\r\n]/.test(text.subject)) errors.subject = ['L’objet doit tenir sur une seule ligne.'];
  else if (text.subject.length > EMAIL_SUBJECT_MAX) errors.subject = [`L’objet ne peut pas dépasser ${EMAIL_SUBJECT_MAX} caractères.`];
  else unknown('subject', text.subject);
  if (!text.body.trim()) errors.body = ['Le message est requis.'];
  else if (text.body.length > EMAIL_BODY_MAX) errors.body = [`Le message ne peut pas dépasser ${EMAIL_BODY_MAX.toLocaleString('fr-FR')} caractères.`];
  else unknown('body', text.body);
  return errors;
}

const EMAIL_ADDRESS = /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/;

/**
 * The CC addresses written in one field (commas, semicolons or spaces between them): the list, or
 * the French refusal.
 */
export function parseCc(value: string | string[]): { cc: string[] } | { error: string } {
  const parts = (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(/[,;\s]+/)).map((v) => v.trim()).filter(Boolean);
  const wrong = parts.find((p) => p.length > 254 || !EMAIL_ADDRESS.test(p));
  if (wrong !== undefined) return { error: `« ${wrong} » n’est pas une adresse e-mail valide.` };
  const cc = [...new Set(parts.map((p) => p.toLowerCase()))];
  if (cc.length > EMAIL_CC_MAX) return { error: `${EMAIL_CC_MAX} adresses en copie au plus.` };
  return { cc };
}

/** Who signs a message: the person, the company when it is another name, the signature notice. */
export interface MailSigner {
  person: string;
  company: string;
  email: string;
  signatureNotice: string;
}

/** The lines that close every message, under the template's body. */
export function signatureLines(signer: MailSigner): string[] {
  const name = signer.person || signer.company || signer.email;
  const notice = signer.signatureNotice.trim();
  return [name, ...(signer.company && signer.company !== name ? [signer.company] : []), ...(notice ? ['', notice] : [])];
}

/**
 * A template filled for one message: the subject on one line, the body followed by the signature
 * and, for a reminder, what the server always adds (bank details, the statutory reminder of the
 * final level). Plain text: the values are never read as markup (there is no HTML part).
 */
export function composeMessage(
  template: EmailTemplateText,
  values: EmailPlaceholderValues,
  signer: MailSigner,
  footer: string[] = [],
): EmailTemplateText {
  const body = fillPlaceholders(template.body, values).trimEnd();
  return {
    subject: fillPlaceholders(template.subject, values, true).trim(),
    body: [body, ...signatureLines(signer), ...(footer.length ? ['', ...footer] : [])].join('\n'),
  };
}

/** An edited message (send dialog): placeholders left in it are filled now (a draft's number is known once issued). */
export function fillEdited(text: EmailTemplateText, values: EmailPlaceholderValues): EmailTemplateText {
  return { subject: fillPlaceholders(text.subject, values, true).trim(), body: fillPlaceholders(text.body, values) };
}
