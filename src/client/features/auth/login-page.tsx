import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch } from '@/client/app/hooks';
import { Alert } from '@/client/ui/alert';
import { Button } from '@/client/ui/button';
import { TextField } from '@/client/ui/form-fields';
import { PasswordStrengthMeter } from '@/client/ui/password-strength-meter';
import { IconEye, IconEyeOff } from '@/client/ui/icons';
import { VisuallyHidden } from '@/client/ui/visually-hidden';
import { startSession } from '@/client/app/session/session.thunks';
import { useLoginMutation, useRegisterMutation } from './auth.api';
import { AuthLayout, StyledAuthFooter, StyledAuthForm, StyledLinkButton } from './auth-layout';
import { loginErrorMessage, MESSAGES, registrationErrorMessage } from './auth-messages';

type Mode = 'login' | 'register';

/** /login: one form toggling between sign-in and account creation (SPEC 2, 5, 8). */
export function LoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [login, { isLoading: loggingIn }] = useLoginMutation();
  const [register, { isLoading: registering }] = useRegisterMutation();

  const location = useLocation();
  // Account creation on arrival: '?mode=register' (the landing page's 'Démarrer gratuitement', a
  // plain link from static HTML) or the router state { mode: 'register' }.
  const [mode, setMode] = useState<Mode>(() =>
    new URLSearchParams(location.search).get('mode') === 'register' ||
    (location.state as { mode?: Mode } | null)?.mode === 'register'
      ? 'register'
      : 'login',
  );
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const strengthId = useId();
  const [error, setError] = useState<string | null>(null);
  // The activation link followed again once the account is active lands here (issue 18).
  const [success, setSuccess] = useState<string | null>(() =>
    new URLSearchParams(location.search).get('activation') === 'already-active' ? MESSAGES.alreadyActive : null,
  );

  const isRegister = mode === 'register';
  const busy = loggingIn || registering;

  const switchMode = () => {
    setMode(isRegister ? 'login' : 'register');
    setError(null);
    setSuccess(null);
    setPassword('');
    setPassword2('');
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setSuccess(null);
    const trimmedEmail = email.trim();

    if (!isRegister) {
      if (!trimmedEmail || !password) {
        setError(MESSAGES.requiredFields);
        return;
      }
      try {
        const tokens = await login({ email: trimmedEmail, password }).unwrap();
        await dispatch(startSession({ access: tokens.access, refresh: tokens.refresh, username: trimmedEmail }));
        navigate('/dashboard', { replace: true });
      } catch (err) {
        setError(loginErrorMessage(err));
      }
      return;
    }

    if (!trimmedEmail || !password || !password2) {
      setError(MESSAGES.requiredFields);
      return;
    }
    if (password !== password2) {
      setError(MESSAGES.passwordMismatch);
      return;
    }
    try {
      await register({ email: trimmedEmail, password, password2 }).unwrap();
      setMode('login');
      setPassword('');
      setPassword2('');
      setSuccess(MESSAGES.registrationSuccess);
    } catch (err) {
      setError(registrationErrorMessage(err));
    }
  };

  const toggleVisibility = (
    <Button
      variant="ghost"
      size="sm"
      iconOnly
      onClick={() => setShowPassword((v) => !v)}
      title={showPassword ? 'Masquer le mot de passe' : 'Afficher le mot de passe'}
    >
      {showPassword ? <IconEyeOff size={18} /> : <IconEye size={18} />}
      <VisuallyHidden>{showPassword ? 'Masquer le mot de passe' : 'Afficher le mot de passe'}</VisuallyHidden>
    </Button>
  );

  return (
    <AuthLayout
      title={isRegister ? 'Créer un compte' : 'Connexion'}
      subtitle={
        isRegister
          ? 'Créez votre compte Carnet en quelques secondes.'
          : 'Connectez-vous pour accéder à votre espace Carnet.'
      }
    >
      <StyledAuthForm noValidate onSubmit={onSubmit}>
        {success && <Alert tone="success">{success}</Alert>}
        {error && <Alert tone="error">{error}</Alert>}
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete={isRegister ? 'email' : 'username'}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          label="Mot de passe"
          name="password"
          type={showPassword ? 'text' : 'password'}
          autoComplete={isRegister ? 'new-password' : 'current-password'}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          endAdornment={toggleVisibility}
          aria-describedby={isRegister && password ? strengthId : undefined}
        />
        {isRegister && <PasswordStrengthMeter password={password} email={email} id={strengthId} />}
        {isRegister && (
          <TextField
            label="Confirmer le mot de passe"
            name="password2"
            type={showPassword ? 'text' : 'password'}
            autoComplete="new-password"
            value={password2}
            onChange={(e) => setPassword2(e.target.value)}
          />
        )}
        <Button type="submit" variant="primary" size="lg" block disabled={busy} aria-busy={busy || undefined}>
          {isRegister ? 'Créer mon compte' : 'Se connecter'}
        </Button>
      </StyledAuthForm>
      <StyledAuthFooter>
        <span>
          {isRegister ? 'Vous avez déjà un compte ?' : 'Pas encore de compte ?'}{' '}
          <StyledLinkButton type="button" onClick={switchMode}>
            {isRegister ? "J'ai déjà un compte" : 'Créer un compte'}
          </StyledLinkButton>
        </span>
        {!isRegister && <Link to="/reset-password">Mot de passe oublié ?</Link>}
      </StyledAuthFooter>
    </AuthLayout>
  );
}
