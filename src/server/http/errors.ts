import { z } from 'zod';
import { REQUIRED, echo } from '@/shared/contracts/fields';
import { groupThousands } from '@/shared/money';

export { REQUIRED, echo };

/** DRF-style field errors: `{"field": ["message", …]}`. */
export type FieldErrors = Record<string, string[]>;

/** An error answered as JSON with the given status and body (DRF-shaped). */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.detail === 'string' ? body.detail : `HTTP ${statusCode}`);
  }
}

/**
 * An error the user gets in French without a 500, but that the operator must see: logged at error
 * level (e.g. an archived PDF whose digest no longer matches, issue 23).
 */
export class OperatorAlertError extends ApiError {
  constructor(statusCode: number, body: Record<string, unknown>, readonly alert: Record<string, unknown>) {
    super(statusCode, body);
  }
}

export const badRequest = (errors: FieldErrors | Record<string, unknown>) => new ApiError(400, errors);
export const notFound = () => new ApiError(404, { detail: 'Pas trouvé.' });


function messageFor(issue: z.core.$ZodRawIssue, input: unknown): string {
  switch (issue.code) {
    case 'invalid_type':
      if (input === undefined) return REQUIRED;
      if (input === null) return 'Ce champ ne peut être nul.';
      if (issue.expected === 'number' || issue.expected === 'int') return 'Un nombre valide est requis.';
      if (issue.expected === 'boolean') return 'Un booléen valide est requis.';
      if (issue.expected === 'string') return 'Une chaîne de caractères valide est requise.';
      if (issue.expected === 'array') return 'Une liste est attendue.';
      return 'Type de valeur invalide.';
    case 'too_big':
      return issue.origin === 'string'
        ? `Assurez-vous que ce champ comporte au plus ${groupThousands(Number(issue.maximum))} caractères.`
        : `Assurez-vous que cette valeur est inférieure ou égale à ${groupThousands(Number(issue.maximum))}.`;
    case 'too_small':
      if (issue.origin === 'string' && issue.minimum === 1) return 'Ce champ ne peut être vide.';
      return issue.origin === 'string'
        ? `Assurez-vous que ce champ comporte au moins ${issue.minimum} caractères.`
        : `Assurez-vous que cette valeur est supérieure ou égale à ${issue.minimum}.`;
    case 'invalid_format':
      if (issue.format === 'email') return 'Saisissez une adresse e-mail valide.';
      if (issue.format === 'url') return 'Saisissez une URL valide.';
      return 'Format invalide.';
    case 'invalid_value':
      return `« ${echo(input)} » n'est pas un choix valide.`;
    case 'unrecognized_keys':
      return 'Champ inconnu.';
    default:
      return issue.message || 'Valeur invalide.';
  }
}

// French DRF-style defaults for every schema; a message given in a schema still wins.
z.config({ customError: (issue) => messageFor(issue, issue.input) });

const NOT_AN_OBJECT = 'Données invalides. Un objet JSON est attendu.';

/** The errors of a body that is not a JSON object (absent, an array, a string…), found before any field check; else null. */
export function notAnObject(body: unknown): FieldErrors | null {
  return body === null || typeof body !== 'object' || Array.isArray(body) ? { non_field_errors: [NOT_AN_OBJECT] } : null;
}

/**
 * Validates a request body against a zod schema and returns the parsed value, or throws a 400
 * in DRF shape. Unknown keys (strict objects) are reported under their own name. Routes declare
 * their body in their schema (plugins/openapi.ts validates it); this is for the bodies read in
 * the handler after an existence check.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const wrongType = notAnObject(body);
  if (wrongType) throw badRequest(wrongType);
  const result = schema.safeParse(body, { reportInput: true });
  if (result.success) return result.data;
  throw badRequest(zodToFieldErrors(result.error));
}

/** What zodToFieldErrors reads of an issue: zod's own, or one the type provider passed on. */
export interface IssueLike {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly message: string;
  /** Of an `unrecognized_keys` issue. */
  readonly keys?: readonly string[];
}

/** A ZodError (or the issues the type provider passed on) as DRF field errors. */
export function zodToFieldErrors({ issues }: { readonly issues: readonly IssueLike[] }): FieldErrors {
  // A Map: field names come from the client, and `errors['toString']` on a plain object is a function.
  const errors = new Map<string, string[]>();
  const add = (field: string, message: string) => {
    const list = errors.get(field) ?? [];
    errors.set(field, list);
    if (!list.includes(message)) list.push(message);
  };
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      const prefix = issue.path.join('.');
      for (const key of issue.keys ?? []) add(prefix ? `${prefix}.${key}` : key, 'Champ inconnu.');
      continue;
    }
    const field = issue.path.length ? issue.path.join('.') : 'non_field_errors';
    add(field, issue.message);
  }
  return Object.fromEntries(errors);
}
