import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { useState } from 'react';
import { ThemeProvider } from 'styled-components';
import { PASSWORD_MESSAGES } from '@/shared/password-rules';
import { PasswordStrengthMeter } from '../password-strength-meter';
import { lightTheme } from '../theme';

/** A password field with its meter, as the registration and reset forms have them. */
function Form({ email }: { email?: string }) {
  const [password, setPassword] = useState('');
  return (
    <ThemeProvider theme={lightTheme}>
      <label htmlFor="pw">Mot de passe</label>
      <input id="pw" value={password} onChange={(e) => setPassword(e.target.value)} aria-describedby="pw-strength" />
      <PasswordStrengthMeter password={password} email={email} id="pw-strength" />
    </ThemeProvider>
  );
}

const meter = () => screen.findByRole('meter', { name: 'Robustesse du mot de passe' });

describe('PasswordStrengthMeter', () => {
  it('shows nothing while the field is empty', () => {
    render(<Form />);
    expect(screen.queryByRole('meter')).toBeNull();
    expect(screen.queryByText(/Robustesse/)).toBeNull();
  });

  it('rates the passwords the server refuses as weak, with the server’s message, and a passphrase as excellent', async () => {
    const user = userEvent.setup();
    render(<Form />);
    const input = screen.getByLabelText('Mot de passe');
    for (const weak of ['azerty12', 'password1!', 'P@ssw0rd1', '        ']) {
      await user.clear(input);
      await user.type(input, weak);
      const bar = await meter();
      expect(Number(bar.getAttribute('aria-valuenow'))).toBeLessThan(3);
      expect(screen.getByText(/Robustesse/).textContent).toContain(PASSWORD_MESSAGES.weak);
    }
    await user.clear(input);
    await user.type(input, 'Lanterne-Ocre-Vallon');
    expect((await meter()).getAttribute('aria-valuetext')).toBe('Excellente');
    // The input is described by the verdict, which says nothing more when the password is fine.
    expect(input).toHaveAccessibleDescription('Robustesse : Excellente');
  });

  it('says when the password is built on the account’s address', async () => {
    const user = userEvent.setup();
    render(<Form email="camille.durand@exemple.fr" />);
    await user.type(screen.getByLabelText('Mot de passe'), 'camille.durand-2025');
    await meter();
    expect(screen.getByText(/Robustesse/).textContent).toContain(PASSWORD_MESSAGES.similar);
  });
});

describe('the estimator’s dictionaries', () => {
  /** Client source files, tests aside. */
  function clientSources(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === '__tests__' || entry.name === 'test' ? [] : clientSources(file);
      return /\.tsx?$/.test(entry.name) ? [file] : [];
    });
  }

  it('are loaded on demand only: no client module imports them statically (they would weigh ~1 MB in the initial bundle)', () => {
    const root = path.resolve(__dirname, '../..');
    const staticImports = clientSources(root).filter((file) =>
      /^\s*import\s+(?!type\b)[^;]*from\s+['"][^'"]*(shared\/password-strength|@zxcvbn-ts\/)/m.test(readFileSync(file, 'utf8')),
    );
    expect(staticImports).toEqual([]);
    // The one way in is the dynamic import of lib/password-strength.ts.
    const loader = readFileSync(path.join(root, 'lib/password-strength.ts'), 'utf8');
    expect(loader).toMatch(/import\(\s*\/\*[^*]*\*\/\s*'@\/shared\/password-strength'\)/);
  });
});
