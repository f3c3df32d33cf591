import { useEffect, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import type { PortalClientSpace, PortalDocument, PortalGone, PortalParty } from '@/shared/contracts/portal';
import { formatIban } from '@/shared/identifiers';
import { DECLINE_REASON_MAX, PORTAL_TEXTS, SIGNER_NAME_MAX } from '@/shared/portal';
import { asApiError, errorDetail, isNetworkError } from '@/client/app/api';
import { formatDate, formatMoney, formatQuantity } from '@/client/lib/format';
import { Alert } from '@/client/ui/alert';
import { Button, ButtonAnchor } from '@/client/ui/button';
import { Card } from '@/client/ui/card';
import { TextArea, TextField } from '@/client/ui/form-fields';
import { Page } from '@/client/ui/page';
import { Spinner } from '@/client/ui/spinner';
import { useAcceptPortalQuoteMutation, useDeclinePortalQuoteMutation, useGetPortalViewQuery, portalFileUrl, type PortalPath } from './portal.api';

export const PORTAL_PAGE_TEXTS = {
  loading: 'Chargement du document...',
  unreachable: 'Impossible de contacter le serveur. Vérifiez votre connexion, puis réessayez.',
  retry: 'Réessayer',
  gone: 'Lien indisponible',
  notFoundTitle: 'Lien introuvable',
  contactSeller: (name: string) => `Pour obtenir un nouveau lien, contactez ${name} :`,
  download: 'Télécharger le PDF',
  certificate: 'Télécharger le certificat d’acceptation',
  due: 'Reste à payer',
  paid: 'Cette facture est réglée. Merci !',
  payByTransfer: 'Payer par virement',
  qrHint: 'Scannez ce code avec l’application de votre banque : le virement est prérempli (bénéficiaire, IBAN, montant, référence).',
  answerTitle: 'Votre réponse',
  signerName: 'Votre nom et prénom',
  signerEmail: 'Votre e-mail (facultatif)',
  consent: 'J’accepte ce devis (bon pour accord)',
  consentHint: 'En cochant cette case et en confirmant, vous signez électroniquement ce devis (signature électronique simple, règlement eIDAS n° 910/2014).',
  accept: 'Accepter et signer le devis',
  declineOpen: 'Refuser le devis',
  declineReason: 'Motif du refus (facultatif)',
  declineConfirm: 'Confirmer le refus',
  cancel: 'Annuler',
  acceptedBy: (name: string, at: string) => `Devis accepté le ${formatDate(at)} par ${name}.`,
  declinedOn: (at: string) => `Devis refusé le ${formatDate(at)}.`,
  answerFailed: 'Votre réponse n’a pas pu être enregistrée. Réessayez.',
  spaceTitle: 'Vos documents',
  spaceIntro: (seller: string, client: string) => `Les devis, factures et avoirs de ${seller} pour ${client}.`,
  spaceEmpty: 'Aucun document pour le moment.',
  spaceDue: (amount: string) => `Reste à payer : ${amount}`,
  backToSpace: '← Tous vos documents',
} as const;

const StyledShell = styled.div`
  max-width: 760px;
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.spacing.xl} ${theme.spacing.md} ${theme.spacing.xxxl}`};
`;

const StyledBrand = styled.header<{ $accent: string }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.md};
  padding-bottom: ${({ theme }) => theme.spacing.md};
  margin-bottom: ${({ theme }) => theme.spacing.xl};
  border-bottom: 3px solid ${({ $accent }) => $accent};

  img {
    max-height: 48px;
    max-width: 160px;
    object-fit: contain;
  }
  strong {
    font-size: ${({ theme }) => theme.typography.size.lg};
  }
`;

const StyledParties = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing.lg};
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));

  h3 {
    margin: 0 0 ${({ theme }) => theme.spacing.xs};
    font-size: ${({ theme }) => theme.typography.size.sm};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  p {
    margin: 0;
  }
`;

const StyledLines = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;

  li {
    display: flex;
    justify-content: space-between;
    gap: ${({ theme }) => theme.spacing.md};
    padding: ${({ theme }) => theme.spacing.md} 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  li p {
    margin: ${({ theme }) => theme.spacing.xxs} 0 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.typography.size.sm};
    overflow-wrap: anywhere;
  }
  li > span {
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
  }
`;

const StyledTotals = styled.dl`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: ${({ theme }) => theme.spacing.xs} ${({ theme }) => theme.spacing.lg};
  margin: ${({ theme }) => theme.spacing.lg} 0 0;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
  .strong {
    font-weight: ${({ theme }) => theme.typography.weight.bold};
    color: ${({ theme }) => theme.colors.text};
  }
`;

const StyledMentions = styled.ul`
  margin: ${({ theme }) => theme.spacing.md} 0 0;
  padding-left: ${({ theme }) => theme.spacing.lg};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.size.sm};
`;

const StyledPay = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.xl};
  align-items: flex-start;

  img {
    width: 200px;
    height: 200px;
    background: #fff;
    padding: 8px;
    border-radius: ${({ theme }) => theme.radius.md};
  }
  dl {
    margin: 0;
  }
  dd {
    margin: 0 0 ${({ theme }) => theme.spacing.sm};
    font-family: ${({ theme }) => theme.typography.monoFamily};
    overflow-wrap: anywhere;
  }
`;

const StyledForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
`;

const StyledCheck = styled.label`
  display: flex;
  gap: ${({ theme }) => theme.spacing.sm};
  align-items: flex-start;
  font-weight: ${({ theme }) => theme.typography.weight.semibold};

  input {
    width: 22px;
    height: 22px;
    flex: none;
    margin: 0;
  }
`;

const StyledButtons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
`;

const StyledBack = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.md};
`;

const StyledSpaceList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.spacing.sm};

  a {
    display: flex;
    justify-content: space-between;
    align-items: center;
    gap: ${({ theme }) => theme.spacing.md};
    /* A whole row to tap on a phone. */
    min-height: 44px;
    padding: ${({ theme }) => theme.spacing.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.md};
    color: inherit;
    text-decoration: none;
  }
  a:hover,
  a:focus-visible {
    border-color: ${({ theme }) => theme.colors.primary};
  }
  span:first-child {
    display: grid;
    gap: ${({ theme }) => theme.spacing.xs};
    min-width: 0;
  }
  small {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  small.due {
    color: ${({ theme }) => theme.colors.text};
    font-weight: 600;
  }
  span:last-child {
    white-space: nowrap;
    font-weight: 600;
  }
`;

/** A portal page is for one client's eyes: search engines are asked not to index it (the server says so too). */
function useNoIndex() {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex, nofollow';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);
}

function PartyBlock({ heading, party }: { heading: string; party: PortalParty }) {
  return (
    <div>
      <h3>{heading}</h3>
      <p>
        <strong>{party.name}</strong>
      </p>
      {party.address_lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      {party.siret && <p>SIRET : {party.siret}</p>}
      {party.vat_number && <p>TVA : {party.vat_number}</p>}
      {party.email && <p>{party.email}</p>}
      {party.phone && <p>{party.phone}</p>}
    </div>
  );
}

/** Accept (name typed, consent ticked, confirmed) or decline a quote. */
function QuoteAnswer({ path, document: doc }: { path: PortalPath; document: PortalDocument }) {
  const [accept, acceptState] = useAcceptPortalQuoteMutation();
  const [decline, declineState] = useDeclinePortalQuoteMutation();
  const [signerName, setSignerName] = useState('');
  const [signerEmail, setSignerEmail] = useState('');
  const [consent, setConsent] = useState(false);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const busy = acceptState.isLoading || declineState.isLoading;

  /** The server's field messages under their fields, its detail above: nothing typed is lost. */
  const showRefusal = (error: unknown) => {
    const api = asApiError(error);
    const data = api?.data as Record<string, unknown> | undefined;
    const fields: Record<string, string> = {};
    for (const name of ['signer_name', 'signer_email', 'consent', 'reason']) {
      const value = data?.[name];
      if (Array.isArray(value) && typeof value[0] === 'string') fields[name] = value[0];
    }
    setErrors(fields);
    setFailure(isNetworkError(api) ? PORTAL_PAGE_TEXTS.unreachable : (errorDetail(api) ?? (Object.keys(fields).length ? null : PORTAL_PAGE_TEXTS.answerFailed)));
  };

  const onAccept = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!signerName.trim()) found.signer_name = 'Indiquez votre nom.';
    if (!consent) found.consent = `Cochez « ${PORTAL_PAGE_TEXTS.consent} ».`;
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    try {
      await accept({ path, signer_name: signerName.trim(), signer_email: signerEmail.trim(), consent: true }).unwrap();
    } catch (error) {
      showRefusal(error);
    }
  };

  const onDecline = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    try {
      await decline({ path, reason: reason.trim() }).unwrap();
    } catch (error) {
      showRefusal(error);
    }
  };

  return (
    <Card title={PORTAL_PAGE_TEXTS.answerTitle} titleLevel={2}>
      {failure && (
        <Alert tone="error" role="alert">
          {failure}
        </Alert>
      )}
      {declining ? (
        <StyledForm onSubmit={onDecline} aria-label="Refuser le devis">
          <TextArea label={PORTAL_PAGE_TEXTS.declineReason} value={reason} maxLength={DECLINE_REASON_MAX} rows={4} onChange={(e) => setReason(e.target.value)} error={errors.reason} />
          <StyledButtons>
            <Button type="submit" variant="danger" disabled={busy}>
              {declineState.isLoading ? 'Envoi...' : PORTAL_PAGE_TEXTS.declineConfirm}
            </Button>
            <Button variant="secondary" onClick={() => setDeclining(false)} disabled={busy}>
              {PORTAL_PAGE_TEXTS.cancel}
            </Button>
          </StyledButtons>
        </StyledForm>
      ) : (
        <StyledForm onSubmit={onAccept} aria-label={`Accepter le devis ${doc.number}`} noValidate>
          <TextField
            label={PORTAL_PAGE_TEXTS.signerName}
            required
            autoComplete="name"
            maxLength={SIGNER_NAME_MAX}
            value={signerName}
            onChange={(e) => setSignerName(e.target.value)}
            error={errors.signer_name}
          />
          <TextField
            label={PORTAL_PAGE_TEXTS.signerEmail}
            type="email"
            autoComplete="email"
            value={signerEmail}
            onChange={(e) => setSignerEmail(e.target.value)}
            error={errors.signer_email}
          />
          <StyledCheck>
            <input type="checkbox" checked={consent} onChange={(e) => setConsent(e.target.checked)} aria-invalid={errors.consent ? true : undefined} aria-describedby="portal-consent-hint" />
            <span>{PORTAL_PAGE_TEXTS.consent}</span>
          </StyledCheck>
          <p id="portal-consent-hint" style={{ margin: 0 }}>
            <small>{PORTAL_PAGE_TEXTS.consentHint}</small>
          </p>
          {errors.consent && (
            <Alert tone="error" role="alert">
              {errors.consent}
            </Alert>
          )}
          <StyledButtons>
            <Button type="submit" variant="primary" disabled={busy}>
              {acceptState.isLoading ? 'Signature...' : PORTAL_PAGE_TEXTS.accept}
            </Button>
            <Button variant="secondary" onClick={() => setDeclining(true)} disabled={busy}>
              {PORTAL_PAGE_TEXTS.declineOpen}
            </Button>
          </StyledButtons>
        </StyledForm>
      )}
    </Card>
  );
}

function PortalDocumentView({ path, document: doc }: { path: PortalPath; document: PortalDocument }) {
  const accent = doc.branding?.accent_color ?? 'currentColor';
  const withTax = doc.tax !== 0 || doc.lines.some((line) => line.tax_rate !== 0);
  return (
    <>
      <StyledBrand $accent={accent}>
        {doc.branding?.logo && <img src={doc.branding.logo} alt={`Logo de ${doc.seller.name}`} />}
        <strong>{doc.seller.name}</strong>
      </StyledBrand>
      {path.number !== undefined && (
        <StyledBack>
          <Link to={`/p/${encodeURIComponent(path.token)}`}>{PORTAL_PAGE_TEXTS.backToSpace}</Link>
        </StyledBack>
      )}
      <Page
        title={`${doc.kind_display} ${doc.number}`}
        description={`${doc.title ? `${doc.title} · ` : ''}${doc.status_display} · émis le ${formatDate(doc.issue_date)}${
          doc.end_date ? (doc.kind === 'quote' ? ` · valable jusqu’au ${formatDate(doc.end_date)}` : ` · échéance le ${formatDate(doc.end_date)}`) : ''
        }`}
        actions={
          <ButtonAnchor variant="primary" href={portalFileUrl(path, 'pdf')} download>
            {PORTAL_PAGE_TEXTS.download}
          </ButtonAnchor>
        }
      >
        {doc.answer?.kind === 'accepted' && (
          <Alert tone="success" role="status">
            {PORTAL_PAGE_TEXTS.acceptedBy(doc.answer.signer_name, doc.answer.at)}{' '}
            {doc.has_certificate && (
              <a href={portalFileUrl(path, 'certificate')} download>
                {PORTAL_PAGE_TEXTS.certificate}
              </a>
            )}
          </Alert>
        )}
        {doc.answer?.kind === 'declined' && <Alert tone="info">{PORTAL_PAGE_TEXTS.declinedOn(doc.answer.at)}</Alert>}
        {doc.kind === 'quote' && !doc.answer && !doc.can_answer && doc.answer_refusal && <Alert tone="warning">{doc.answer_refusal}</Alert>}

        {doc.amount_due !== null && (
          <Card title={doc.amount_due > 0 ? `${PORTAL_PAGE_TEXTS.due} : ${formatMoney(doc.amount_due)}` : PORTAL_PAGE_TEXTS.paid} titleLevel={2}>
            {doc.amount_due > 0 && doc.end_date && <p>À régler au plus tard le {formatDate(doc.end_date)}.</p>}
            {doc.bank && (
              <StyledPay>
                {doc.payment_qr_svg && (
                  <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(doc.payment_qr_svg)}`} alt={`QR code du virement de ${formatMoney(doc.amount_due)}`} />
                )}
                <div>
                  <h3>{PORTAL_PAGE_TEXTS.payByTransfer}</h3>
                  <dl>
                    <dt>Bénéficiaire</dt>
                    <dd>{doc.bank.holder}</dd>
                    <dt>IBAN</dt>
                    <dd>{formatIban(doc.bank.iban)}</dd>
                    {doc.bank.bic && (
                      <>
                        <dt>BIC</dt>
                        <dd>{doc.bank.bic}</dd>
                      </>
                    )}
                    <dt>Référence</dt>
                    <dd>{doc.number}</dd>
                  </dl>
                  {doc.payment_qr_svg && <p>{PORTAL_PAGE_TEXTS.qrHint}</p>}
                </div>
              </StyledPay>
            )}
          </Card>
        )}

        {doc.can_answer && <QuoteAnswer path={path} document={doc} />}

        <Card title="Détail" titleLevel={2}>
          <StyledParties>
            <PartyBlock heading="Émetteur" party={doc.seller} />
            <PartyBlock heading="Client" party={doc.client} />
          </StyledParties>
          <StyledLines aria-label="Lignes">
            {doc.lines.map((line, index) => (
              <li key={`${index}-${line.title}`}>
                <div>
                  <strong>{line.title}</strong>
                  {line.description && <p>{line.description}</p>}
                  <p>
                    {formatQuantity(line.quantity)}
                    {line.unit_display ? ` ${line.unit_display}` : ''} × {formatMoney(line.unit_price)}
                    {withTax ? ` · TVA ${formatQuantity(line.tax_rate)} %` : ''}
                  </p>
                </div>
                <span>{formatMoney(line.total)}</span>
              </li>
            ))}
          </StyledLines>
          <StyledTotals>
            {withTax ? (
              <>
                <dt>Total HT</dt>
                <dd>{formatMoney(doc.subtotal)}</dd>
                <dt>TVA</dt>
                <dd>{formatMoney(doc.tax)}</dd>
                <dt className="strong">Total TTC</dt>
                <dd className="strong">{formatMoney(doc.total)}</dd>
              </>
            ) : (
              <>
                <dt className="strong">Total</dt>
                <dd className="strong">{formatMoney(doc.total)}</dd>
              </>
            )}
          </StyledTotals>
          {doc.mentions.length > 0 && (
            <StyledMentions>
              {doc.mentions.map((mention) => (
                <li key={mention}>{mention}</li>
              ))}
            </StyledMentions>
          )}
        </Card>
      </Page>
    </>
  );
}

/** A client space: the client's documents, one tappable row each (phone first), opening its page. */
function ClientSpaceView({ token, space }: { token: string; space: PortalClientSpace }) {
  return (
    <>
      <StyledBrand $accent="currentColor">
        <strong>{space.seller.name}</strong>
      </StyledBrand>
      <Page title={PORTAL_PAGE_TEXTS.spaceTitle} description={PORTAL_PAGE_TEXTS.spaceIntro(space.seller.name, space.client_name)}>
        {space.documents.length === 0 ? (
          <p>{PORTAL_PAGE_TEXTS.spaceEmpty}</p>
        ) : (
          <StyledSpaceList aria-label={PORTAL_PAGE_TEXTS.spaceTitle}>
            {space.documents.map((doc) => (
              <li key={doc.number}>
                <Link to={`/p/${encodeURIComponent(token)}/${encodeURIComponent(doc.number)}`}>
                  <span>
                    <strong>
                      {doc.kind_display} {doc.number}
                    </strong>
                    <small>
                      {doc.title ? `${doc.title} · ` : ''}
                      {formatDate(doc.issue_date)} · {doc.status_display}
                    </small>
                    {doc.amount_due !== null && doc.amount_due > 0 && (
                      <small className="due">
                        {PORTAL_PAGE_TEXTS.spaceDue(formatMoney(doc.amount_due))}
                        {doc.end_date ? ` (échéance le ${formatDate(doc.end_date)})` : ''}
                      </small>
                    )}
                  </span>
                  <span>{formatMoney(doc.total)}</span>
                </Link>
              </li>
            ))}
          </StyledSpaceList>
        )}
      </Page>
    </>
  );
}

/**
 * /p/{token}: a document opened from its personal link, or a client space's list; and
 * /p/{token}/{number}: a client space's document — the same document view (issue 27), without an account.
 */
export function PortalPage() {
  const { token = '', number } = useParams();
  useNoIndex();
  const path: PortalPath = number === undefined ? { token } : { token, number };
  const query = useGetPortalViewQuery(path);
  const error = asApiError(query.error);

  let content;
  if (query.isLoading) {
    content = <Spinner label={PORTAL_PAGE_TEXTS.loading} />;
  } else if (query.data?.kind === 'client_space') {
    content = <ClientSpaceView token={token} space={query.data} />;
  } else if (query.data) {
    content = <PortalDocumentView path={path} document={query.data} />;
  } else if (error?.status === 410) {
    const gone = error.data as PortalGone;
    content = (
      <Page title={PORTAL_PAGE_TEXTS.gone}>
        <Alert tone="warning">{gone.detail}</Alert>
        <p>{PORTAL_PAGE_TEXTS.contactSeller(gone.seller.name)}</p>
        <p>
          {gone.seller.email && <a href={`mailto:${gone.seller.email}`}>{gone.seller.email}</a>}
          {gone.seller.email && gone.seller.phone && ' · '}
          {gone.seller.phone && <a href={`tel:${gone.seller.phone.replace(/\s/g, '')}`}>{gone.seller.phone}</a>}
        </p>
      </Page>
    );
  } else if (error?.status === 404) {
    content = (
      <Page title={PORTAL_PAGE_TEXTS.notFoundTitle}>
        <Alert tone="warning">{PORTAL_TEXTS.notFound}</Alert>
      </Page>
    );
  } else {
    content = (
      <Page title="Document">
        <Alert tone="error">
          {isNetworkError(error) ? PORTAL_PAGE_TEXTS.unreachable : (errorDetail(error) ?? PORTAL_PAGE_TEXTS.unreachable)}{' '}
          <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
            {PORTAL_PAGE_TEXTS.retry}
          </Button>
        </Alert>
      </Page>
    );
  }
  return <StyledShell>{content}</StyledShell>;
}
