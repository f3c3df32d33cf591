import { useEffect, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { asApiError } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { COUNTRIES, DEFAULT_COUNTRY } from '../../lib/countries';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { FormActions, FormGrid, Select, TextArea, TextField } from '../../ui/form-fields';
import { IconChevronDown } from '../../ui/icons';
import { Page } from '../../ui/page';
import { Spinner } from '../../ui/spinner';
import { usernameChanged } from '../../app/session/session.slice';
import { useGetProfileQuery, useUpdateProfileMutation, type Profile, type ProfileUpdate } from './profile.api';

export const PROFILE_MESSAGES = {
  loadError: 'Erreur lors du chargement du profil.',
  passwordMismatch: 'Les mots de passe ne correspondent pas.',
  invalidFields: 'Certains champs sont invalides. Veuillez corriger les erreurs ci-dessous.',
  unknownError: "Une erreur inconnue s'est produite.",
  success: 'Profil mis à jour avec succès.',
  required: 'Ce champ est obligatoire.',
} as const;

type ProfileForm = Profile & { password: string; password_confirm: string };
type FieldName = keyof ProfileForm;

const PROFILE_FIELDS: (keyof Profile)[] = [
  'email',
  'first_name',
  'last_name',
  'company_name',
  'business_type',
  'address',
  'city',
  'postal_code',
  'country',
  'phone',
  'website',
  'siret',
  'vat_number',
  'legal_notice',
  'signature_notice',
];

const REQUIRED_FIELDS: FieldName[] = ['first_name', 'last_name', 'email'];

function toForm(profile: Partial<Profile> | undefined): ProfileForm {
  const form = {} as ProfileForm;
  for (const field of PROFILE_FIELDS) {
    const value = profile?.[field];
    form[field] = typeof value === 'string' ? value : '';
  }
  form.country = form.country || DEFAULT_COUNTRY;
  form.password = '';
  form.password_confirm = '';
  return form;
}

/** PUT body: every profile field, `password` only when filled, never `password_confirm`. */
export function buildProfilePayload(form: ProfileForm): ProfileUpdate {
  const payload = {} as ProfileUpdate;
  for (const field of PROFILE_FIELDS) payload[field] = form[field];
  payload.email = form.email.trim();
  if (form.password) payload.password = form.password;
  return payload;
}

function firstMessage(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(firstMessage).find(Boolean);
  return undefined;
}

const FIELD_IDS_PREFIX = 'profile-';

const StyledWide = styled.div`
  grid-column: 1 / -1;
`;

const StyledCollapsible = styled.section`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.size.md};
  }
`;

const StyledCollapsibleToggle = styled.button<{ $open: boolean }>`
  display: flex;
  align-items: center;
  justify-content: space-between;
  width: 100%;
  padding: ${({ theme }) => `${theme.spacing.lg} ${theme.spacing.xl}`};
  border: none;
  border-radius: ${({ theme }) => theme.radius.lg};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font-weight: ${({ theme }) => theme.typography.weight.semibold};
  text-align: left;
  cursor: pointer;

  svg {
    transition: transform ${({ theme }) => theme.transition};
    transform: rotate(${({ $open }) => ($open ? '180deg' : '0deg')});
  }
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceHover};
  }
`;

const StyledCollapsibleBody = styled.div`
  padding: 0 ${({ theme }) => theme.spacing.xl} ${({ theme }) => theme.spacing.xl};
`;

const StyledForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.xl};
`;

interface CollapsibleProps {
  title: string;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
}

function Collapsible({ title, open, onToggle, children }: CollapsibleProps) {
  const panelId = useId();
  return (
    <StyledCollapsible>
      <h2>
        <StyledCollapsibleToggle
          type="button"
          $open={open}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
        >
          {title}
          <IconChevronDown />
        </StyledCollapsibleToggle>
      </h2>
      <StyledCollapsibleBody id={panelId} hidden={!open}>
        {children}
      </StyledCollapsibleBody>
    </StyledCollapsible>
  );
}

/** /profile: 'Mon Profil Professionnel' (SPEC 2, 3, 5, 8). */
export function ProfilePage() {
  const dispatch = useAppDispatch();
  const { data, isLoading, isError } = useGetProfileQuery();
  const [updateProfile, { isLoading: saving }] = useUpdateProfileMutation();

  const [form, setForm] = useState<ProfileForm>(() => toForm(data));
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [extraErrors, setExtraErrors] = useState<string[]>([]);
  const [success, setSuccess] = useState<string | null>(null);
  const [legalOpen, setLegalOpen] = useState(false);
  const [signatureOpen, setSignatureOpen] = useState(false);

  useEffect(() => {
    if (data) setForm(toForm(data));
  }, [data]);

  const countryOptions = useMemo(() => {
    const names = form.country && !COUNTRIES.includes(form.country) ? [form.country, ...COUNTRIES] : COUNTRIES;
    return names.map((name) => ({ value: name, label: name }));
  }, [form.country]);

  const set = (field: FieldName) => (event: { target: { value: string } }) => {
    const { value } = event.target;
    setForm((prev) => ({ ...prev, [field]: value }));
  };

  const focusField = (field: FieldName) => {
    if (field === 'legal_notice') setLegalOpen(true);
    if (field === 'signature_notice') setSignatureOpen(true);
    window.setTimeout(() => document.getElementById(`${FIELD_IDS_PREFIX}${field}`)?.focus(), 0);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSuccess(null);
    setBanner(null);
    setExtraErrors([]);
    setFieldErrors({});

    const missing = REQUIRED_FIELDS.filter((field) => !form[field].trim());
    if (missing.length > 0) {
      setFieldErrors(Object.fromEntries(missing.map((f) => [f, PROFILE_MESSAGES.required])));
      setBanner(PROFILE_MESSAGES.invalidFields);
      focusField(missing[0]);
      return;
    }
    if ((form.password || form.password_confirm) && form.password !== form.password_confirm) {
      setBanner(PROFILE_MESSAGES.passwordMismatch);
      focusField('password_confirm');
      return;
    }

    try {
      const saved = await updateProfile(buildProfilePayload(form)).unwrap();
      setSuccess(PROFILE_MESSAGES.success);
      setForm(toForm(saved));
      if (saved?.email) dispatch(usernameChanged(saved.email));
    } catch (err) {
      const responseData = asApiError(err)?.data;
      if (!responseData || typeof responseData !== 'object') {
        setBanner(PROFILE_MESSAGES.unknownError);
        return;
      }
      const raw = responseData as Record<string, unknown>;
      const known: Partial<Record<FieldName, string>> = {};
      const extra: string[] = [];
      for (const [key, value] of Object.entries(raw)) {
        const message = firstMessage(value);
        if (!message) continue;
        if ((PROFILE_FIELDS as string[]).includes(key) || key === 'password') known[key as FieldName] = message;
        else extra.push(message);
      }
      const knownFields = Object.keys(known) as FieldName[];
      if (knownFields.length > 0) {
        setFieldErrors(known);
        setBanner(PROFILE_MESSAGES.invalidFields);
        focusField(knownFields[0]);
      } else if (extra.length === 0) {
        setBanner(PROFILE_MESSAGES.unknownError);
      }
      setExtraErrors(extra);
    }
  };

  const field = (name: FieldName, label: string, props: Record<string, unknown> = {}) => (
    <TextField
      id={`${FIELD_IDS_PREFIX}${name}`}
      name={name}
      label={label}
      value={form[name]}
      onChange={set(name)}
      error={fieldErrors[name]}
      required={REQUIRED_FIELDS.includes(name)}
      {...props}
    />
  );

  let content: ReactNode;
  if (isLoading) {
    content = <Spinner label="Chargement du profil..." />;
  } else if (isError && !data) {
    content = <Alert tone="error">{PROFILE_MESSAGES.loadError}</Alert>;
  } else {
    content = (
      <StyledForm noValidate onSubmit={onSubmit} aria-label="Profil professionnel">
        {banner && <Alert tone="error">{banner}</Alert>}
        {extraErrors.map((message) => (
          <Alert key={message} tone="error">
            {message}
          </Alert>
        ))}
        {success && <Alert tone="success">{success}</Alert>}

        <Card title="Entreprise">
          <FormGrid>
            {field('company_name', "Nom de l'entreprise", { autoComplete: 'organization' })}
            {field('business_type', 'Statut juridique')}
            {field('siret', 'SIRET', { inputMode: 'numeric' })}
            {field('vat_number', 'TVA intracom')}
            {field('phone', 'Téléphone', { type: 'tel', autoComplete: 'tel' })}
            {field('website', 'Site web', { type: 'url', autoComplete: 'url', placeholder: 'https://' })}
          </FormGrid>
        </Card>

        <Card title="Adresse">
          <FormGrid>
            <StyledWide>{field('address', 'Adresse', { autoComplete: 'street-address' })}</StyledWide>
            {field('city', 'Ville', { autoComplete: 'address-level2' })}
            {field('postal_code', 'Code postal', { autoComplete: 'postal-code' })}
            <Select
              id={`${FIELD_IDS_PREFIX}country`}
              name="country"
              label="Pays"
              value={form.country}
              onChange={set('country')}
              error={fieldErrors.country}
              options={countryOptions}
            />
          </FormGrid>
        </Card>

        <Card title="Identité et connexion">
          <FormGrid>
            {field('first_name', 'Prénom', { autoComplete: 'given-name' })}
            {field('last_name', 'Nom', { autoComplete: 'family-name' })}
            <StyledWide>{field('email', 'Email', { type: 'email', autoComplete: 'email' })}</StyledWide>
            {field('password', 'Nouveau mot de passe', {
              type: 'password',
              autoComplete: 'new-password',
              hint: 'Laissez vide pour conserver le mot de passe actuel.',
            })}
            {field('password_confirm', 'Confirmer le mot de passe', {
              type: 'password',
              autoComplete: 'new-password',
              'aria-invalid': banner === PROFILE_MESSAGES.passwordMismatch ? true : undefined,
            })}
          </FormGrid>
        </Card>

        <Collapsible title="Mentions Légales par défaut" open={legalOpen} onToggle={() => setLegalOpen((v) => !v)}>
          <TextArea
            id={`${FIELD_IDS_PREFIX}legal_notice`}
            name="legal_notice"
            label="Texte des mentions légales"
            hint="Repris par défaut sur vos nouveaux devis et factures."
            rows={5}
            value={form.legal_notice}
            onChange={set('legal_notice')}
            error={fieldErrors.legal_notice}
          />
        </Collapsible>

        <Collapsible
          title="Bloc Signature par défaut"
          open={signatureOpen}
          onToggle={() => setSignatureOpen((v) => !v)}
        >
          <TextArea
            id={`${FIELD_IDS_PREFIX}signature_notice`}
            name="signature_notice"
            label="Texte du bloc signature"
            hint="Repris par défaut sur vos nouveaux devis et factures."
            rows={5}
            value={form.signature_notice}
            onChange={set('signature_notice')}
            error={fieldErrors.signature_notice}
          />
        </Collapsible>

        <FormActions>
          <Button type="submit" variant="primary" size="lg" disabled={saving} aria-busy={saving || undefined}>
            Enregistrer
          </Button>
        </FormActions>
      </StyledForm>
    );
  }

  return (
    <Page
      title="Mon Profil Professionnel"
      description="Ces informations apparaissent sur vos devis et factures."
      narrow
    >
      {content}
    </Page>
  );
}
