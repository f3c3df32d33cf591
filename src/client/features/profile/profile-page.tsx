import { useId, useMemo, useState, type ComponentType, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { asApiError } from '@/client/app/api';
import { useAppDispatch } from '@/client/app/hooks';
import { CHOOSE_COUNTRY, countryOptions } from '@/client/lib/countries';
import { Alert } from '@/client/ui/alert';
import { Button, ButtonLink } from '@/client/ui/button';
import { Card } from '@/client/ui/card';
import { bareFieldset, ChoiceField, FormActions, FormGrid, Select, TextArea, TextField } from '@/client/ui/form-fields';
import { DecimalField } from '@/client/ui/decimal-field';
import { IconChevronDown } from '@/client/ui/icons';
import { Page } from '@/client/ui/page';
import { PasswordStrengthMeter } from '@/client/ui/password-strength-meter';
import { Spinner } from '@/client/ui/spinner';
import { usernameChanged } from '@/client/app/session/session.slice';
import { formatIban } from '@/shared/identifiers';
import { LEGAL_FORMS, LEGAL_FORM_KEYS, hasShareCapital, ibanError, isSoleTrader, registryOf } from '@/shared/profile';
import { VAT_FRANCHISE, VAT_ON_DEBITS_MENTION, VAT_REGIME_LABELS, type VatRegime } from '@/shared/vat';
import { useGetProfileQuery, useUpdateProfileMutation, type Profile } from './profile.api';
import { SessionsSection } from './sessions-section';
import { BrandingSection } from './branding-section';
import { EInvoicingSection } from './einvoicing-section';
import {
  REQUIRED_MESSAGE, buildProfilePayload, changesCredentials, firstInError, isFormField, isRequired, toForm,
  validateProfileForm, type FieldErrors, type FieldName, type ProfileForm,
} from './profile-form';
import { useHashFocus } from '@/client/kit/use-hash-focus';
import { UnsavedChangesGuard } from '@/client/kit/unsaved-changes-guard';

export const PROFILE_MESSAGES = {
  loadError: 'Erreur lors du chargement du profil.',
  passwordMismatch: 'Les mots de passe ne correspondent pas.',
  invalidFields: 'Certains champs sont invalides. Veuillez corriger les erreurs ci-dessous.',
  unknownError: "Une erreur inconnue s'est produite.",
  success: 'Profil mis à jour avec succès.',
  required: REQUIRED_MESSAGE,
  vatNumberMissing:
    'Sans numéro de TVA intracommunautaire, vos factures ne pourront pas porter de TVA : renseignez-le, ou choisissez la franchise en base.',
  emailPending: (email: string) =>
    `Un lien de confirmation a été envoyé à ${email} ; votre adresse ne changera qu'après sa validation.`,
} as const;

function firstMessage(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(firstMessage).find(Boolean);
  return undefined;
}

const FIELD_IDS_PREFIX = 'profile-';
const profileField = (name: string) => document.getElementById(`${FIELD_IDS_PREFIX}${name}`);

const LEGAL_FORM_OPTIONS = LEGAL_FORM_KEYS.map((key) => ({ value: key, label: LEGAL_FORMS[key] }));

const VAT_REGIME_HINTS: Record<VatRegime, string> = {
  franchise: `Vous ne facturez pas de TVA. Vos factures portent la mention « ${VAT_FRANCHISE.mention} ».`,
  assujetti: 'Vous facturez la TVA à vos clients et la reversez. Votre numéro de TVA intracommunautaire figure sur vos factures.',
};

/** Where the registration comes from, for the selected legal form. */
function registrationHint(legalForm: string): string {
  if (registryOf(legalForm) === 'rcs') return 'Obligatoire pour une société : « RCS », la ville du greffe et le SIREN, par ex. « RCS Lyon 123 456 789 ».';
  return 'Si vous êtes immatriculé : « RCS Lyon 123 456 789 » (commerçant) ou « RM 69 123 456 789 » (artisan).';
}

const StyledWide = styled.div`
  grid-column: 1 / -1;
`;

/** A field and its strength meter, in one cell of the grid. */
const StyledFieldStack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
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

const StyledSection = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.lg};
`;

const StyledFieldset = styled.fieldset`
  ${bareFieldset}
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
  min-width: 0;
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

interface ProfilePageProps {
  /** Other features' settings (reminders, time rounding), composed by the router so that profile imports neither. */
  OtherSettings?: ComponentType;
}

/** /profile: 'Mon Profil Professionnel' (SPEC 2, 3, 5, 8; legal identity, VAT and bank details: issue 14). */
export function ProfilePage({ OtherSettings }: ProfilePageProps) {
  const { data, isLoading, isError } = useGetProfileQuery();

  let content: ReactNode;
  if (isLoading) {
    content = <Spinner label="Chargement du profil..." />;
  } else if (isError && !data) {
    content = <Alert tone="error">{PROFILE_MESSAGES.loadError}</Alert>;
  } else {
    content = <ProfileEditor profile={data} />;
  }

  return (
    <Page
      title="Mon Profil Professionnel"
      description="Ces informations apparaissent sur vos devis et factures."
      actions={<ButtonLink to="/profile/emails" variant="secondary">Modèles d’e-mails</ButtonLink>}
      narrow
    >
      {content}
      {data && <BrandingSection profile={data} />}
      {data && OtherSettings && <OtherSettings />}
      {data && <EInvoicingSection />}
      {data && <SessionsSection />}
    </Page>
  );
}

/**
 * The profile form, mounted with the loaded profile: its state starts from it once, so that a
 * background refetch does not wipe what is being typed (a save refills it from the answer).
 */
function ProfileEditor({ profile }: { profile: Profile | undefined }) {
  const dispatch = useAppDispatch();
  const [updateProfile, { isLoading: saving }] = useUpdateProfileMutation();
  // '/profile#siret': a refused issue's link to the missing field.
  useHashFocus(true, profileField);

  const [form, setForm] = useState<ProfileForm>(() => toForm(profile));
  /** The form as loaded or last saved: what tells unsaved changes. */
  const [baseline, setBaseline] = useState<ProfileForm>(form);
  const dirty = useMemo(() => form !== baseline && JSON.stringify(form) !== JSON.stringify(baseline), [form, baseline]);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [extraErrors, setExtraErrors] = useState<string[]>([]);
  const [success, setSuccess] = useState<string | null>(null);
  const [legalOpen, setLegalOpen] = useState(false);
  const [signatureOpen, setSignatureOpen] = useState(false);
  const strengthId = useId();
  const savedEmail = profile?.email ?? '';
  // A new e-mail or password needs the current password (the API refuses them without it).
  const askCurrentPassword = changesCredentials(form, savedEmail);


  const update = (values: Partial<ProfileForm>) => setForm((prev) => ({ ...prev, ...values }));

  const set = (field: FieldName) => (event: { target: { value: string } }) => update({ [field]: event.target.value });

  /** Grouped by four as soon as the field is left, and checked: a wrong digit shows at once. */
  const onIbanBlur = () => {
    const iban = formatIban(form.iban);
    update({ iban });
    setFieldErrors((prev) => ({ ...prev, iban: ibanError(iban) ?? undefined }));
  };

  const focusField = (field: FieldName) => {
    if (field === 'legal_notice') setLegalOpen(true);
    if (field === 'signature_notice') setSignatureOpen(true);
    window.setTimeout(() => profileField(field)?.focus(), 0);
  };

  const showFieldErrors = (errors: FieldErrors) => {
    setFieldErrors(errors);
    setBanner(PROFILE_MESSAGES.invalidFields);
    const first = firstInError(errors);
    if (first) focusField(first);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSuccess(null);
    setBanner(null);
    setExtraErrors([]);
    setFieldErrors({});

    // First: the SPEC's own message, before the current password is asked for.
    if ((form.password || form.password_confirm) && form.password !== form.password_confirm) {
      setBanner(PROFILE_MESSAGES.passwordMismatch);
      focusField('password_confirm');
      return;
    }
    const errors = validateProfileForm(form, savedEmail);
    if (Object.keys(errors).length > 0) {
      showFieldErrors(errors);
      return;
    }

    try {
      const saved = await updateProfile(buildProfilePayload(form, savedEmail)).unwrap();
      setSuccess(PROFILE_MESSAGES.success);
      const savedForm = toForm(saved);
      setForm(savedForm);
      setBaseline(savedForm);
      if (saved?.email) dispatch(usernameChanged(saved.email));
    } catch (err) {
      const responseData = asApiError(err)?.data;
      if (!responseData || typeof responseData !== 'object') {
        setBanner(PROFILE_MESSAGES.unknownError);
        return;
      }
      const known: FieldErrors = {};
      const extra: string[] = [];
      for (const [key, value] of Object.entries(responseData as Record<string, unknown>)) {
        const message = firstMessage(value);
        if (!message) continue;
        if (isFormField(key)) known[key] = message;
        else extra.push(message);
      }
      if (Object.keys(known).length > 0) showFieldErrors(known);
      else if (extra.length === 0) setBanner(PROFILE_MESSAGES.unknownError);
      setExtraErrors(extra);
    }
  };

  const field = (name: Exclude<FieldName, 'vat_regime' | 'vat_on_debits' | 'legal_form'>, label: string, props: Record<string, unknown> = {}) => (
    <TextField
      id={`${FIELD_IDS_PREFIX}${name}`}
      name={name}
      label={label}
      value={form[name]}
      onChange={set(name)}
      error={fieldErrors[name]}
      required={isRequired(name)}
      {...props}
    />
  );

  const soleTrader = isSoleTrader(form.legal_form);
  const personName = `${form.first_name.trim()} ${form.last_name.trim()}`.trim() || 'Prénom Nom';

  return (
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
          <StyledWide>{field('company_name', "Nom de l'entreprise", { autoComplete: 'organization' })}</StyledWide>
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
            options={countryOptions()}
            placeholderOption={form.country ? undefined : CHOOSE_COUNTRY}
          />
        </FormGrid>
      </Card>

      <Card title="Identité légale">
        <FormGrid>
          <Select
            id={`${FIELD_IDS_PREFIX}legal_form`}
            name="legal_form"
            label="Forme juridique"
            value={form.legal_form}
            onChange={set('legal_form')}
            error={fieldErrors.legal_form}
            options={LEGAL_FORM_OPTIONS}
            placeholderOption="Non précisée"
            hint={soleTrader ? `Vos documents indiqueront « ${personName} EI », comme l’exige le Code de commerce.` : undefined}
          />
          {field('business_type', 'Statut juridique', {
            hint: 'Texte libre affiché à côté de votre nom, par ex. « Artisan » ou « Profession libérale ».',
          })}
          {hasShareCapital(form.legal_form) && (
            <DecimalField
              id={`${FIELD_IDS_PREFIX}share_capital`}
              name="share_capital"
              label="Capital social (€)"
              value={form.share_capital}
              onChange={(share_capital) => update({ share_capital })}
              error={fieldErrors.share_capital}
              hint="Imprimé sur vos documents : « SARL au capital de 10 000,00 € ». Laissez vide s’il n’est pas à indiquer."
            />
          )}
          {field('siret', 'SIRET', { inputMode: 'numeric' })}
          <StyledWide>
            {field('registration', 'Immatriculation (RCS ou RM)', {
              placeholder: 'RCS Lyon 123 456 789',
              hint: registrationHint(form.legal_form),
            })}
          </StyledWide>
        </FormGrid>
      </Card>

      <Card title="TVA">
        <StyledSection>
          <StyledFieldset>
            <legend>Régime de TVA</legend>
            {(['franchise', 'assujetti'] as const).map((regime, index) => (
              <ChoiceField
                key={regime}
                id={index === 0 ? `${FIELD_IDS_PREFIX}vat_regime` : undefined}
                type="radio"
                name="vat_regime"
                label={VAT_REGIME_LABELS[regime]}
                hint={VAT_REGIME_HINTS[regime]}
                checked={form.vat_regime === regime}
                onChange={() => update({ vat_regime: regime })}
              />
            ))}
            {fieldErrors.vat_regime && <Alert tone="error">{fieldErrors.vat_regime}</Alert>}
          </StyledFieldset>
          <FormGrid>{field('vat_number', 'TVA intracom', { placeholder: 'FR12345678901' })}</FormGrid>
          {form.vat_regime === 'assujetti' && !form.vat_number.trim() && (
            <Alert tone="warning">{PROFILE_MESSAGES.vatNumberMissing}</Alert>
          )}
          {form.vat_regime === 'assujetti' && (
            <ChoiceField
              id={`${FIELD_IDS_PREFIX}vat_on_debits`}
              type="checkbox"
              name="vat_on_debits"
              label="Option pour le paiement de la TVA d'après les débits"
              hint={`Vos factures portent alors la mention « ${VAT_ON_DEBITS_MENTION} ».`}
              checked={form.vat_on_debits}
              onChange={(event) => update({ vat_on_debits: event.target.checked })}
            />
          )}
        </StyledSection>
      </Card>

      <Card title="Coordonnées bancaires">
        <FormGrid>
          <StyledWide>
            {field('iban', 'IBAN', {
              autoComplete: 'off',
              spellCheck: false,
              placeholder: 'FR76 3000 6000 0112 3456 7890 189',
              hint: 'Imprimé dans le bloc « Règlement » de vos factures, pour les virements.',
              onBlur: onIbanBlur,
            })}
          </StyledWide>
          {field('bic', 'BIC', { autoComplete: 'off', spellCheck: false, placeholder: 'BNPAFRPPXXX' })}
        </FormGrid>
      </Card>

      <Card title="Identité et connexion">
        <FormGrid>
          {field('first_name', 'Prénom', { autoComplete: 'given-name' })}
          {field('last_name', 'Nom', { autoComplete: 'family-name' })}
          <StyledWide>{field('email', 'Email', { type: 'email', autoComplete: 'email' })}</StyledWide>
          {profile?.pending_email && (
            <StyledWide>
              <Alert tone="info">{PROFILE_MESSAGES.emailPending(profile.pending_email)}</Alert>
            </StyledWide>
          )}
          <StyledFieldStack>
            {field('password', 'Nouveau mot de passe', {
              type: 'password',
              autoComplete: 'new-password',
              hint: 'Laissez vide pour conserver le mot de passe actuel.',
              'aria-describedby': form.password ? strengthId : undefined,
            })}
            <PasswordStrengthMeter password={form.password} email={form.email} id={strengthId} />
          </StyledFieldStack>
          {field('password_confirm', 'Confirmer le mot de passe', {
            type: 'password',
            autoComplete: 'new-password',
            'aria-invalid': banner === PROFILE_MESSAGES.passwordMismatch ? true : undefined,
          })}
          {askCurrentPassword && (
            <StyledWide>
              {field('current_password', 'Mot de passe actuel', {
                type: 'password',
                autoComplete: 'current-password',
                required: true,
                hint: 'Requis pour changer d’adresse e-mail ou de mot de passe.',
              })}
            </StyledWide>
          )}
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
      <UnsavedChangesGuard dirty={dirty} />
    </StyledForm>
  );
}
