import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { asApiError, errorDetail } from '@/client/app/api';
import { mapFieldErrors } from '@/client/kit/field-errors';
import { Alert } from '@/client/ui/alert';
import { Button } from '@/client/ui/button';
import { Card } from '@/client/ui/card';
import { ChoiceField, FormActions, FormGrid, TextField } from '@/client/ui/form-fields';
import { Spinner } from '@/client/ui/spinner';
import {
  useGetEInvoicingSettingsQuery,
  useTestEInvoicingConnectionMutation,
  useUpdateEInvoicingSettingsMutation,
  type EInvoicingSettings,
} from './einvoicing.api';

export const EINVOICING_SECTION_MESSAGES = {
  loadError: 'Impossible de charger les réglages de facturation électronique.',
  saved: 'Réglages de la plateforme enregistrés.',
  saveError: 'Erreur lors de l’enregistrement des réglages de la plateforme.',
  testError: 'Le test de connexion n’a pas pu être lancé.',
  saveFirst: 'Enregistrez vos modifications avant de tester la connexion.',
} as const;

const FIELDS = ['flow_service_url', 'directory_service_url', 'token_url', 'client_id', 'client_secret', 'enabled'] as const;
type Field = (typeof FIELDS)[number];

const StyledNote = styled.div`
  color: ${({ theme }) => theme.colors.textMuted};
  p {
    margin: 0 0 ${({ theme }) => theme.spacing.sm};
  }
`;

interface FormState {
  flow_service_url: string;
  directory_service_url: string;
  token_url: string;
  client_id: string;
  client_secret: string;
  enabled: boolean;
}

const formOf = (s: EInvoicingSettings): FormState => ({
  flow_service_url: s.flow_service_url,
  directory_service_url: s.directory_service_url,
  token_url: s.token_url,
  client_id: s.client_id,
  client_secret: '',
  enabled: s.enabled,
});

/**
 * « Facturation électronique » (issue 26): the user's approved platform (plateforme agréée), its
 * addresses and OAuth2 client, and a connection test. The secret is write-only: the field stays
 * empty and says whether one is saved.
 */
export function EInvoicingSection() {
  const { data, isLoading, isError } = useGetEInvoicingSettingsQuery();
  let content;
  if (isLoading) content = <Spinner label="Chargement des réglages de facturation électronique..." />;
  // A note, not an alert: the profile form above stays the page's business.
  else if (isError || !data) content = <StyledNote><p>{EINVOICING_SECTION_MESSAGES.loadError}</p></StyledNote>;
  else content = <EInvoicingForm settings={data} />;
  return (
    <Card title="Facturation électronique">
      <StyledNote>
        <p>
          Depuis le 1er septembre 2026, toute entreprise doit pouvoir <strong>recevoir</strong> les factures électroniques de ses
          fournisseurs par une plateforme agréée.
        </p>
        <p>
          À partir du 1er septembre 2027, les petites entreprises et les micro-entrepreneurs devront aussi <strong>émettre</strong> leurs
          factures entre entreprises en France par une plateforme agréée : une facture Factur-X envoyée par e-mail ne suffira plus.
        </p>
        <p>Demandez à votre plateforme les adresses de ses services et un identifiant client OAuth2, puis testez la connexion.</p>
      </StyledNote>
      {content}
    </Card>
  );
}

function EInvoicingForm({ settings }: { settings: EInvoicingSettings }) {
  const [form, setForm] = useState<FormState>(() => formOf(settings));
  const [saved, setSaved] = useState<FormState>(() => formOf(settings));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [update, { isLoading: saving }] = useUpdateEInvoicingSettingsMutation();
  const [test, { isLoading: testing }] = useTestEInvoicingConnectionMutation();
  const dirty = JSON.stringify(form) !== JSON.stringify(saved);

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    setResult(null);
    try {
      const { client_secret, ...rest } = form;
      const answer = await update({ ...rest, ...(client_secret ? { client_secret } : {}) }).unwrap();
      const next = formOf(answer);
      setForm(next);
      setSaved(next);
      setErrors({});
      setNotice({ tone: 'success', text: EINVOICING_SECTION_MESSAGES.saved });
    } catch (err) {
      const body = asApiError(err)?.data;
      const mapped = mapFieldErrors(body, FIELDS);
      setErrors(mapped.fields);
      setNotice({ tone: 'error', text: mapped.others.join(' ') || (Object.keys(mapped.fields).length ? 'Corrigez les champs signalés.' : EINVOICING_SECTION_MESSAGES.saveError) });
    }
  }

  async function onTest() {
    setResult(null);
    try {
      setResult(await test().unwrap());
    } catch (err) {
      setResult({ ok: false, message: errorDetail(err) ?? EINVOICING_SECTION_MESSAGES.testError });
    }
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Facturation électronique">
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <FormGrid>
        <TextField label="URL du Flow Service" type="url" value={form.flow_service_url} error={errors.flow_service_url}
          placeholder="https://api.flow.ma-plateforme.fr/flow-service" onChange={(e) => set('flow_service_url', e.target.value)} />
        <TextField label="URL du Directory Service (annuaire)" type="url" value={form.directory_service_url} error={errors.directory_service_url}
          placeholder="https://api.directory.ma-plateforme.fr/directory-service" onChange={(e) => set('directory_service_url', e.target.value)} />
        <TextField label="URL du jeton OAuth2" type="url" value={form.token_url} error={errors.token_url}
          placeholder="https://auth.ma-plateforme.fr/oauth/token" onChange={(e) => set('token_url', e.target.value)} />
        <TextField label="Identifiant client" value={form.client_id} error={errors.client_id} autoComplete="off"
          onChange={(e) => set('client_id', e.target.value)} />
        <TextField label="Secret client" type="password" value={form.client_secret} error={errors.client_secret} autoComplete="new-password"
          hint={settings.client_secret_set ? 'Un secret est enregistré (jamais affiché) : laissez vide pour le garder.' : 'Aucun secret enregistré.'}
          onChange={(e) => set('client_secret', e.target.value)} />
      </FormGrid>
      <ChoiceField type="checkbox" label="Activer la plateforme" checked={form.enabled} onChange={(e) => set('enabled', e.target.checked)} />
      <FormActions>
        <Button type="submit" disabled={saving} aria-busy={saving || undefined}>Enregistrer la connexion</Button>
        <Button type="button" variant="secondary" onClick={() => void onTest()} disabled={testing || dirty} aria-busy={testing || undefined}
          title={dirty ? EINVOICING_SECTION_MESSAGES.saveFirst : undefined}>
          Tester la connexion
        </Button>
      </FormActions>
      {dirty && <StyledNote><p>{EINVOICING_SECTION_MESSAGES.saveFirst}</p></StyledNote>}
      {testing && <Spinner label="Test de la connexion..." />}
      {result && <Alert tone={result.ok ? 'success' : 'error'}>{result.message}</Alert>}
    </form>
  );
}
