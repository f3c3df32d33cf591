import styled from 'styled-components';
import type { PortalLinkKind } from '@/shared/contracts/portal';
import { asApiError, errorDetail } from '@/client/app/api';
import { copyToClipboard } from '@/client/lib/copy-to-clipboard';
import { formatDate, formatDateTime } from '@/client/lib/format';
import { saveFile } from '@/client/lib/save-file';
import { Alert } from '@/client/ui/alert';
import { Button } from '@/client/ui/button';
import { Card } from '@/client/ui/card';
import { useConfirm } from '@/client/ui/confirm-dialog';
import { Spinner } from '@/client/ui/spinner';
import { useToast } from '@/client/ui/toast';
import {
  useCreateShareLinkMutation,
  useFetchAcceptanceCertificateMutation,
  useGetShareStateQuery,
  useRevokeShareLinksMutation,
} from './portal.api';

export const SHARE_TEXTS = {
  title: 'Lien client',
  intro: 'Votre client ouvre ce lien sans compte : il consulte le document tel qu’émis, télécharge le PDF et, pour un devis, l’accepte ou le refuse en ligne.',
  copy: 'Copier le lien client',
  copied: 'Lien client copié : collez-le dans votre message.',
  copyFailed: 'Le lien a été créé mais n’a pas pu être copié : le voici.',
  createFailed: 'Impossible de créer le lien client.',
  revoke: 'Révoquer le lien',
  revokeTitle: 'Révoquer le lien client ?',
  revokeMessage: 'Les liens déjà envoyés pour ce document cesseront de fonctionner. Vous pourrez en créer un nouveau.',
  revoked: 'Lien client révoqué.',
  revokeFailed: 'Impossible de révoquer le lien client.',
  loadError: 'Impossible de charger l’état du lien client.',
  retry: 'Réessayer',
  notViewed: 'Pas encore consulté par le client.',
  noLink: 'Aucun lien actif : « Envoyer par E-mail » en crée un, ou copiez-le ici.',
  certificate: 'Télécharger le certificat d’acceptation',
  certificateFailed: 'Impossible de télécharger le certificat d’acceptation.',
};

/** The same card on a contact's page (issue 27): the client's space, a link to all their documents. */
export const SPACE_TEXTS: typeof SHARE_TEXTS = {
  ...SHARE_TEXTS,
  title: 'Espace client',
  intro:
    'Votre client ouvre ce lien sans compte : il y retrouve ses devis, factures (avec le reste à payer) et avoirs émis, les télécharge, accepte ou refuse un devis en ligne. Le lien est valable un an.',
  copy: 'Copier le lien de l’espace client',
  copied: 'Lien de l’espace client copié : collez-le dans votre message.',
  createFailed: 'Impossible de créer le lien de l’espace client.',
  revokeTitle: 'Révoquer le lien de l’espace client ?',
  revokeMessage: 'Les liens déjà envoyés à ce client pour son espace cesseront de fonctionner. Vous pourrez en créer un nouveau.',
  revoked: 'Lien de l’espace client révoqué.',
  revokeFailed: 'Impossible de révoquer le lien de l’espace client.',
  loadError: 'Impossible de charger l’état du lien de l’espace client.',
  notViewed: 'Pas encore consulté par le client.',
  noLink: 'Aucun lien actif : copiez-en un ici pour l’envoyer à votre client.',
};

/** « Consulté le 3 décembre 2026 à 14:02 (dernière fois le …, 3 consultations) ». */
export function viewsText(first: string | null, last: string | null, count: number): string {
  if (!first) return SHARE_TEXTS.notViewed;
  const once = `Consulté le ${formatDateTime(first)}`;
  if (count <= 1 || !last || last === first) return once;
  return `${once} (dernière fois le ${formatDateTime(last)}, ${count} consultations)`;
}

const StyledText = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.md};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const StyledState = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.md};
`;

const StyledLink = styled.output`
  display: block;
  margin-top: ${({ theme }) => theme.spacing.md};
  overflow-wrap: anywhere;
  font-family: ${({ theme }) => theme.typography.monoFamily};
`;

const StyledButtons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
`;

export interface ShareLinkCardProps {
  kind: PortalLinkKind;
  id: number;
}

/**
 * The « Lien client » card of an issued document (issue 27): copy a personal link for the client,
 * revoke the live ones, see when the client opened it; an accepted quote's certificate. On a
 * contact's page (kind 'contact'), the same card for the client's space, in its own words.
 */
export function ShareLinkCard({ kind, id }: ShareLinkCardProps) {
  const TEXTS = kind === 'contact' ? SPACE_TEXTS : SHARE_TEXTS;
  const toast = useToast();
  const confirm = useConfirm();
  const state = useGetShareStateQuery({ kind, id });
  const [createLink, createState] = useCreateShareLinkMutation();
  const [revokeLinks, revokeState] = useRevokeShareLinksMutation();
  const [fetchCertificate, certificateState] = useFetchAcceptanceCertificateMutation();
  const busy = createState.isLoading || revokeState.isLoading;

  const onCopy = async () => {
    let url: string;
    try {
      url = (await createLink({ kind, id }).unwrap()).url;
    } catch (error) {
      toast.error(errorDetail(asApiError(error)) ?? TEXTS.createFailed);
      return;
    }
    try {
      await copyToClipboard(url);
      toast.success(TEXTS.copied);
    } catch {
      // Shown below for a copy by hand.
      toast.error(TEXTS.copyFailed);
    }
  };

  const onRevoke = async () => {
    const ok = await confirm({ title: TEXTS.revokeTitle, message: TEXTS.revokeMessage, confirmLabel: TEXTS.revoke });
    if (!ok) return;
    try {
      await revokeLinks({ kind, id }).unwrap();
      createState.reset();
      toast.success(TEXTS.revoked);
    } catch (error) {
      toast.error(errorDetail(asApiError(error)) ?? TEXTS.revokeFailed);
    }
  };

  const onCertificate = async () => {
    try {
      const url = await fetchCertificate(id).unwrap();
      saveFile(url, `certificat-acceptation-${id}.pdf`);
    } catch (error) {
      toast.error(errorDetail(asApiError(error)) ?? TEXTS.certificateFailed);
    }
  };

  const share = state.data;
  const answer = share?.answer ?? null;
  return (
    <Card title={TEXTS.title} titleLevel={2} aria-busy={state.isFetching || busy}>
      <StyledText>{TEXTS.intro}</StyledText>
      {state.isLoading ? (
        <Spinner label="Chargement..." />
      ) : state.isError || !share ? (
        // A side card's failure is told politely (status): the document's own page goes on.
        <Alert tone="error" role="status">
          {TEXTS.loadError}{' '}
          <Button size="sm" variant="secondary" onClick={() => void state.refetch()}>
            {TEXTS.retry}
          </Button>
        </Alert>
      ) : (
        <StyledState role="status">
          {share.active
            ? `Lien actif${share.expires_at ? ` (il expire le ${formatDate(share.expires_at)})` : ''}. ${viewsText(share.first_viewed_at, share.last_viewed_at, share.view_count)}`
            : `${TEXTS.noLink} ${share.first_viewed_at ? viewsText(share.first_viewed_at, share.last_viewed_at, share.view_count) : ''}`.trim()}
        </StyledState>
      )}
      {answer && (
        <StyledState>
          {answer.kind === 'accepted'
            ? `Accepté en ligne le ${formatDateTime(answer.at)} par ${answer.signer_name}.`
            : `Refusé en ligne le ${formatDateTime(answer.at)}${answer.reason ? ` : « ${answer.reason} »` : '.'}`}
        </StyledState>
      )}
      <StyledButtons>
        <Button onClick={() => void onCopy()} disabled={busy}>
          {createState.isLoading ? 'Création du lien...' : TEXTS.copy}
        </Button>
        {share?.active && (
          <Button variant="danger" onClick={() => void onRevoke()} disabled={busy}>
            {TEXTS.revoke}
          </Button>
        )}
        {answer?.kind === 'accepted' && (
          <Button onClick={() => void onCertificate()} disabled={certificateState.isLoading}>
            {certificateState.isLoading ? 'Préparation du PDF...' : TEXTS.certificate}
          </Button>
        )}
      </StyledButtons>
      {createState.data && (
        <StyledLink aria-label={kind === 'contact' ? 'Lien de l’espace client créé' : 'Lien client créé'}>{createState.data.url}</StyledLink>
      )}
    </Card>
  );
}

/** The « Espace client » card of a contact's page (issue 27), given to the contacts feature by the router. */
export function ClientSpaceCard({ contactId }: { contactId: number }) {
  return <ShareLinkCard kind="contact" id={contactId} />;
}
