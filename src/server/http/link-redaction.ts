/**
 * Hides the token of every activation, reset or e-mail confirmation link in `text` (a URL, a log
 * line): logs and the outbox's log line must not hand out working links. The uid stays, to tell
 * whose link it was. (The links are made by modules/auth/account-links.ts.)
 */
export function redactLinkTokens(text: string): string {
  return text.replace(/(\/(?:activate|reset-password-confirm|confirm-email)\/[^/\s?#]+\/)[^/\s?#]+/g, '$1[masqué]');
}
