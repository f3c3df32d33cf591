import { useState } from 'react';
import styled from 'styled-components';
import { Alert } from '@/client/ui/alert';
import { Badge } from '@/client/ui/badge';
import { Button } from '@/client/ui/button';
import { Card } from '@/client/ui/card';
import { useConfirm } from '@/client/ui/confirm-dialog';
import { Spinner } from '@/client/ui/spinner';
import { formatDateTime } from '@/client/lib/format';
import { useEndSessionMutation, useGetSessionsQuery, type ActiveSession } from './profile.api';

export const SESSION_MESSAGES = {
  loadError: 'Impossible de charger vos sessions.',
  ended: 'La session a été déconnectée. L’appareil devra se reconnecter.',
  endError: 'Erreur lors de la déconnexion de la session.',
} as const;

const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** 'Firefox sur Windows' from a User-Agent; the raw text when neither is recognised. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Appareil inconnu';
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} sur ${system}`;
  return browser ?? system ?? (userAgent.length > 60 ? `${userAgent.slice(0, 60)}…` : userAgent);
}

const StyledNote = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const StyledList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.spacing.md};
`;

const StyledItem = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing.sm};
  padding-bottom: ${({ theme }) => theme.spacing.md};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  &:last-child {
    border-bottom: none;
    padding-bottom: 0;
  }

  dl {
    margin: 0;
    display: grid;
    grid-template-columns: auto 1fr;
    column-gap: ${({ theme }) => theme.spacing.sm};
    color: ${({ theme }) => theme.colors.textMuted};
  }

  dd {
    margin: 0;
  }
`;

function SessionItem({ session, onEnd, ending }: { session: ActiveSession; onEnd: (s: ActiveSession) => void; ending: boolean }) {
  const device = describeDevice(session.user_agent);
  return (
    <StyledItem aria-label={device}>
      <div>
        <strong title={session.user_agent ?? undefined}>{device}</strong>{' '}
        {session.current && <Badge tone="green">Cette session</Badge>}
        <dl>
          <dt>Adresse IP</dt>
          <dd>{session.ip ?? 'inconnue'}</dd>
          <dt>Connexion</dt>
          <dd>{formatDateTime(session.created_at)}</dd>
          <dt>Dernière utilisation</dt>
          <dd>{formatDateTime(session.last_used_at)}</dd>
        </dl>
      </div>
      {!session.current && (
        <Button variant="secondary" size="sm" onClick={() => onEnd(session)} disabled={ending} aria-busy={ending || undefined}>
          Déconnecter
        </Button>
      )}
    </StyledItem>
  );
}

/**
 * 'Sessions actives' (issue 23): where the account is signed in. Ending another session revokes
 * its refresh tokens; that device is signed out at its next refresh (within ten minutes at most).
 * This one is ended by the usual sign-out.
 */
export function SessionsSection() {
  const { data, isLoading, isError } = useGetSessionsQuery();
  const [endSession, { isLoading: ending }] = useEndSessionMutation();
  const confirm = useConfirm();
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  async function onEnd(session: ActiveSession) {
    const ok = await confirm({
      title: 'Déconnecter cette session ?',
      message: `${describeDevice(session.user_agent)} (${session.ip ?? 'adresse inconnue'}) sera déconnecté et devra se reconnecter avec le mot de passe.`,
      confirmLabel: 'Déconnecter',
    });
    if (!ok) return;
    try {
      await endSession(session.id).unwrap();
      setNotice({ tone: 'success', text: SESSION_MESSAGES.ended });
    } catch {
      setNotice({ tone: 'error', text: SESSION_MESSAGES.endError });
    }
  }

  let content;
  if (isLoading) content = <Spinner label="Chargement des sessions..." />;
  // A note, not an alert: the profile form above stays the page's business.
  else if (isError && !data) content = <StyledNote>{SESSION_MESSAGES.loadError}</StyledNote>;
  else {
    content = (
      <StyledList>
        {(data ?? []).map((session) => (
          <SessionItem key={session.id} session={session} onEnd={(s) => void onEnd(s)} ending={ending} />
        ))}
      </StyledList>
    );
  }

  return (
    <Card title="Sessions actives">
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      {content}
    </Card>
  );
}
