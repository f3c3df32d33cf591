import { renderableInvoice } from '@/server/test/renderable-fixtures';
import { documentEmail } from '../document-emails';

/** Issue 28: a document's e-mail gets an HTML part with the seller's logo and accent colour; its text stays. */

const SENDER = { replyTo: 'marie@exemple.fr', appName: 'Carnet' };
const attachment = { filename: 'facture.pdf', content: null };
/** The text as the user's template (or the send dialog) made it: the words are the user's, escaped in HTML. */
const MESSAGE = { subject: 'Facture FAC-2026-0001', body: 'Bonjour,\n\nVoici « Refonte <b>& co</b> ».\n\nCordialement,' };

it('adds an HTML part with the logo embedded and the accent colour, escaping the words, and keeps the plain text', () => {
  const doc = renderableInvoice({ branding: { accentColor: '#7a1f5c', logoPng: 'iVBORw0KGgo=' } });
  const plain = documentEmail(renderableInvoice(), attachment, SENDER, MESSAGE);
  const mail = documentEmail(doc, attachment, SENDER, MESSAGE);
  expect(mail.text).toBe(plain.text);
  expect(plain.html).toBeUndefined();
  expect(mail.html).toContain('<img src="data:image/png;base64,iVBORw0KGgo=" alt="Studio Dupont"');
  expect(mail.html).toContain('color:#7a1f5c');
  expect(mail.html).toContain('« Refonte &lt;b&gt;&amp; co&lt;/b&gt; »');
  expect(mail.html).not.toContain('<b>');
});

it('has no image without a logo, and falls back to the default colour for a malformed one', () => {
  const mail = documentEmail(renderableInvoice({ branding: { accentColor: 'red;background:url(x)', logoPng: null } }), attachment, SENDER, MESSAGE);
  expect(mail.html).not.toContain('<img');
  expect(mail.html).toContain('color:#1e4e8c');
  expect(mail.html).not.toContain('url(x)');
});
