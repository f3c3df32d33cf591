import { skipToken } from '@reduxjs/toolkit/query';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import styled from 'styled-components';
import { asApiError } from '@/client/app/api';
import { messagesOf } from '@/client/kit/field-errors';
import { Alert } from '@/client/ui/alert';
import { Button } from '@/client/ui/button';
import { Card } from '@/client/ui/card';
import { useConfirm } from '@/client/ui/confirm-dialog';
import { StyledField, StyledHint, StyledLabel, TextField } from '@/client/ui/form-fields';
import { accentColorError, BRANDING_MESSAGES, DEFAULT_ACCENT_COLOR, isHexColor, LOGO_MAX_BYTES } from '@/shared/branding';
import { useDeleteLogoMutation, useGetLogoQuery, useUpdateProfileMutation, useUploadLogoMutation, type Profile } from './profile.api';

export const BRANDING_TEXTS = {
  intro: 'Votre logo figure en haut de vos devis, factures et avoirs ; la couleur, sur leurs titres et filets. Les documents déjà émis ne changent pas.',
  noLogo: 'Aucun logo pour l’instant.',
  fileLabel: 'Choisir un logo',
  fileHint: 'PNG, JPEG ou SVG, 1 Mo au plus. Il est converti en PNG (600 × 600 pixels au plus).',
  uploading: 'Envoi du logo…',
  uploaded: 'Logo enregistré.',
  removed: 'Logo supprimé.',
  removeTitle: 'Supprimer le logo ?',
  removeMessage: 'Vos prochains documents n’auront plus de logo. Ceux déjà émis gardent le leur.',
  uploadError: 'Le logo n’a pas pu être enregistré. Réessayez.',
  removeError: 'Le logo n’a pas pu être supprimé. Réessayez.',
  colorLabel: 'Couleur d’accent (#RRGGBB)',
  colorSaved: 'Couleur enregistrée.',
  colorError: 'La couleur n’a pas pu être enregistrée. Réessayez.',
} as const;

const StyledRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.lg};
  margin-bottom: ${({ theme }) => theme.spacing.lg};
`;

const StyledPreview = styled.div`
  display: grid;
  place-items: center;
  width: 200px;
  height: 90px;
  padding: ${({ theme }) => theme.spacing.sm};
  background: #ffffff;
  color: #52606d;
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  text-align: center;

  img {
    max-width: 100%;
    max-height: 100%;
    object-fit: contain;
  }
`;

const StyledSwatch = styled.div<{ $color: string }>`
  padding: ${({ theme }) => theme.spacing.sm} ${({ theme }) => theme.spacing.md};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ $color }) => $color};
  color: #ffffff;
  font-weight: 700;
`;

const StyledColorRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.spacing.md};

  input[type='color'] {
    width: 48px;
    height: 40px;
    padding: 2px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.sm};
    background: ${({ theme }) => theme.colors.surface};
  }
`;

/** The first message of a refusal (`logo`, `accent_color` or `detail`), or `fallback`. */
const refusal = (err: unknown, field: string, fallback: string) => {
  const data = asApiError(err)?.data as Record<string, unknown> | undefined;
  return messagesOf(data?.[field])[0] ?? messagesOf(data?.detail)[0] ?? fallback;
};

/** « Logo et couleur » on the profile page (issue 28): preview, upload and removal of the logo, and the accent colour. */
export function BrandingSection({ profile }: { profile: Profile }) {
  const fileId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const confirm = useConfirm();
  const logo = useGetLogoQuery(profile.logo_updated_at ?? skipToken);
  const [uploadLogo, { isLoading: uploading }] = useUploadLogoMutation();
  const [deleteLogo, { isLoading: removing }] = useDeleteLogoMutation();
  const [updateProfile, { isLoading: savingColor }] = useUpdateProfileMutation();
  const [logoMessage, setLogoMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [color, setColor] = useState(profile.accent_color || DEFAULT_ACCENT_COLOR);
  const [colorMessage, setColorMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const colorProblem = accentColorError(color.trim().toLowerCase());

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setLogoMessage(null);
    if (file.size > LOGO_MAX_BYTES) {
      setLogoMessage({ tone: 'error', text: BRANDING_MESSAGES.logoTooBig });
      return;
    }
    try {
      await uploadLogo(file).unwrap();
      setLogoMessage({ tone: 'success', text: BRANDING_TEXTS.uploaded });
    } catch (err) {
      setLogoMessage({ tone: 'error', text: refusal(err, 'logo', BRANDING_TEXTS.uploadError) });
    }
  };

  const onRemove = async () => {
    const ok = await confirm({ title: BRANDING_TEXTS.removeTitle, message: BRANDING_TEXTS.removeMessage, confirmLabel: 'Supprimer' });
    if (!ok) return;
    try {
      await deleteLogo().unwrap();
      setLogoMessage({ tone: 'success', text: BRANDING_TEXTS.removed });
    } catch (err) {
      setLogoMessage({ tone: 'error', text: refusal(err, 'logo', BRANDING_TEXTS.removeError) });
    }
  };

  const onSaveColor = async () => {
    setColorMessage(null);
    if (colorProblem) return;
    try {
      const saved = await updateProfile({
        email: profile.email, first_name: profile.first_name, last_name: profile.last_name, country: undefined, share_capital: undefined,
        accent_color: color.trim().toLowerCase(),
      }).unwrap();
      setColor(saved.accent_color);
      setColorMessage({ tone: 'success', text: BRANDING_TEXTS.colorSaved });
    } catch (err) {
      setColorMessage({ tone: 'error', text: refusal(err, 'accent_color', BRANDING_TEXTS.colorError) });
    }
  };

  const hasLogo = profile.logo_updated_at !== null;
  const swatch = isHexColor(color.trim()) ? color.trim() : DEFAULT_ACCENT_COLOR;

  return (
    <Card title="Logo et couleur" id="branding">
      <p>{BRANDING_TEXTS.intro}</p>
      <StyledRow>
        <StyledPreview>
          {hasLogo && logo.data ? <img src={logo.data} alt="Votre logo" /> : <span>{hasLogo ? 'Chargement du logo…' : BRANDING_TEXTS.noLogo}</span>}
        </StyledPreview>
        <StyledField>
          <StyledLabel htmlFor={fileId}>{BRANDING_TEXTS.fileLabel}</StyledLabel>
          <input
            ref={fileInput}
            id={fileId}
            type="file"
            accept="image/png,image/jpeg,image/svg+xml,.png,.jpg,.jpeg,.svg"
            aria-describedby={`${fileId}-hint`}
            disabled={uploading}
            onChange={(event) => void onFile(event)}
          />
          <StyledHint id={`${fileId}-hint`}>{BRANDING_TEXTS.fileHint}</StyledHint>
        </StyledField>
        {hasLogo && (
          <Button variant="danger" onClick={() => void onRemove()} disabled={removing}>
            Supprimer le logo
          </Button>
        )}
      </StyledRow>
      {uploading && <p role="status">{BRANDING_TEXTS.uploading}</p>}
      {logoMessage && <Alert tone={logoMessage.tone}>{logoMessage.text}</Alert>}

      <StyledColorRow>
        <TextField
          label={BRANDING_TEXTS.colorLabel}
          value={color}
          maxLength={7}
          spellCheck={false}
          error={colorProblem ?? undefined}
          onChange={(event) => {
            setColor(event.target.value);
            setColorMessage(null);
          }}
        />
        <input type="color" aria-label="Choisir la couleur d’accent" value={swatch} onChange={(event) => setColor(event.target.value)} />
        <StyledSwatch $color={swatch} aria-hidden="true">
          Total TTC
        </StyledSwatch>
        <Button variant="primary" onClick={() => void onSaveColor()} disabled={Boolean(colorProblem) || savingColor}>
          Enregistrer la couleur
        </Button>
      </StyledColorRow>
      {colorMessage && <Alert tone={colorMessage.tone}>{colorMessage.text}</Alert>}
    </Card>
  );
}
