import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Alert } from '@/client/ui/alert';
import { Button } from '@/client/ui/button';
import { TextField } from '@/client/ui/form-fields';
import { PasswordStrengthMeter } from '@/client/ui/password-strength-meter';
import { useConfirmPasswordResetMutation } from './auth.api';
import { AuthLayout, StyledAuthFooter, StyledAuthForm } from './auth-layout';
import { MESSAGES, resetConfirmErrorMessage } from './auth-messages';

/** SPEC 9: the confirm screen goes to /login 2000 ms after a success. */
export const RESET_REDIRECT_DELAY_MS = 2000;

/** /reset-password-confirm/:uidb64/:token: sets the new password. */
export function ResetPasswordConfirmPage() {
  const { uidb64 = '', token = '' } = useParams();
  const navigate = useNavigate();
  const [confirmReset, { isLoading }] = useConfirmPasswordResetMutation();
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const strengthId = useId();

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    if (!password || !password2) {
      setError(MESSAGES.requiredFields);
      return;
    }
    if (password !== password2) {
      setError(MESSAGES.passwordMismatch);
      return;
    }
    try {
      await confirmReset({ uidb64, token, password, password2 }).unwrap();
      setSuccess(MESSAGES.resetConfirmSuccess);
      timer.current = window.setTimeout(() => navigate('/login', { replace: true }), RESET_REDIRECT_DELAY_MS);
    } catch (err) {
      setError(resetConfirmErrorMessage(err));
    }
  };

  return (
    <AuthLayout title="Nouveau mot de passe" subtitle="Choisissez votre nouveau mot de passe.">
      <StyledAuthForm noValidate onSubmit={onSubmit}>
        {success && <Alert tone="success">{success}</Alert>}
        {error && <Alert tone="error">{error}</Alert>}
        <TextField
          label="Nouveau mot de passe"
          name="password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-describedby={password ? strengthId : undefined}
        />
        <PasswordStrengthMeter password={password} id={strengthId} />
        <TextField
          label="Confirmer le mot de passe"
          name="password2"
          type="password"
          autoComplete="new-password"
          value={password2}
          onChange={(e) => setPassword2(e.target.value)}
        />
        <Button type="submit" variant="primary" size="lg" block disabled={isLoading || Boolean(success)}>
          Valider
        </Button>
      </StyledAuthForm>
      <StyledAuthFooter>
        <Link to="/login">Retour à la connexion</Link>
      </StyledAuthFooter>
    </AuthLayout>
  );
}
