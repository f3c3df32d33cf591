import type { FastifyInstance } from 'fastify';
import { badRequest, type FieldErrors } from '../http/errors';

/** No body of the API nests deeper than 3 levels (document → lines → line); this leaves room. */
export const MAX_BODY_DEPTH = 20;

const TOO_DEEP = 'Données invalides : structure trop profondément imbriquée.';
const NUL_CHARACTER = 'Le caractère nul (U+0000) n’est pas autorisé.';

/**
 * What no handler should meet, found in one iterative walk (safe at any depth):
 * - nesting deeper than MAX_BODY_DEPTH: JSON.parse copes with any depth, but JSON.stringify and
 *   String() recurse, and a few kB of `[[[[…]]]]` overflowed the stack while zod reported a
 *   validation error (a 500);
 * - U+0000 in a key or a string: PostgreSQL text cannot hold it and fails the query (a 500).
 * Errors are keyed by the dotted path of the field, like the schemas' own.
 */
export function inputProblems(value: unknown, maxDepth = MAX_BODY_DEPTH): FieldErrors | null {
  const stack: [node: unknown, path: string, depth: number][] = [[value, '', 0]];
  while (stack.length) {
    const [node, path, depth] = stack.pop()!;
    if (typeof node === 'string') {
      if (node.includes('\0')) return { [path || 'non_field_errors']: [NUL_CHARACTER] };
      continue;
    }
    // A raw upload (the logo, issue 28) is bytes, not a structure.
    if (node === null || typeof node !== 'object' || Buffer.isBuffer(node)) continue;
    if (depth >= maxDepth) return { non_field_errors: [TOO_DEEP] };
    for (const [key, child] of Object.entries(node)) {
      if (key.includes('\0')) return { non_field_errors: [NUL_CHARACTER] };
      stack.push([child, path ? `${path}.${key}` : key, depth + 1]);
    }
  }
  return null;
}

/** Checks every parsed body and query string before validation. */
export function registerInputGuard(app: FastifyInstance): void {
  // Callback style: it runs on every request, and an async hook costs a promise and a tick more.
  app.addHook('preValidation', (request, _reply, done) => {
    const problems = inputProblems(request.query) ?? inputProblems(request.body);
    done(problems ? badRequest(problems) : undefined);
  });
}
