import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '@/client/ui/alert';
import { Button } from '@/client/ui/button';
import { TextField } from '@/client/ui/form-fields';
import { useRequestPasswordResetMutation } from './auth.api';
import { AuthLayout, StyledAuthFooter, StyledAuthForm } from './auth-layout';
import { MESSAGES, resetRequestErrorMessage } from './auth-messages';

/** /reset-password: asks for a reset link (SPEC 2 "Password reset screens", 8 "Reset request"). */
export function ResetPasswordPage() {
  const [requestReset, { isLoading }] = useRequestPasswordResetMutation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setSuccess(null);
    try {
      await requestReset({ email: email.trim() }).unwrap();
      setSuccess(MESSAGES.resetRequestSuccess);
    } catch (err) {
      setError(resetRequestErrorMessage(err));
    }
  };

  return (
    <AuthLayout
      title="Mot de passe oublié"
      subtitle="Saisissez votre adresse e-mail : nous vous enverrons un lien pour choisir un nouveau mot de passe."
    >
      <StyledAuthForm noValidate onSubmit={onSubmit}>
        {success && <Alert tone="success">{success}</Alert>}
        {error && <Alert tone="error">{error}</Alert>}
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Button type="submit" variant="primary" size="lg" block disabled={isLoading}>
          {isLoading ? 'Envoi en cours...' : 'Envoyer le lien'}
        </Button>
      </StyledAuthForm>
      <StyledAuthFooter>
        <Link to="/login">Retour à la connexion</Link>
      </StyledAuthFooter>
    </AuthLayout>
  );
}
