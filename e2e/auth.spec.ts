import { expect, test } from '@playwright/test';
import { E2E_DATA_DIR, expectAccessible, newUser, readOutbox, waitForLinkSentTo } from './support/app';

/** A mailed link as a path of the app under test. */
const localPath = (link: string) => link.replace(/^https?:\/\/[^/]+/, '');

test('a new user signs up, activates, signs in, edits the profile and the e-mail, keeps the theme, signs out and resets the password', async ({ page }) => {
  // The whole account journey (four password hashes at the production cost among them): 42 s alone,
  // past 60 s in CI beside the Factur-X kit.
  test.setTimeout(120_000);
  const user = newUser('parcours');

  // Landing page: the features section, then account creation.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Voir les fonctionnalités' }).click();
  await expect(page.getByRole('region', { name: 'Fonctionnalités' })).toBeInViewport();
  // 'Démarrer gratuitement' opens account creation (issue 18), not the sign-in form.
  await page.getByRole('link', { name: 'Démarrer gratuitement' }).click();
  await expect(page).toHaveURL(/\/login\?mode=register$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Créer un compte' })).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(user.password);
  await page.getByLabel('Confirmer le mot de passe').fill('pas le même');
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByRole('alert')).toHaveText('Les mots de passe ne correspondent pas.');
  await page.getByLabel('Confirmer le mot de passe').fill(user.password);
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByRole('status')).toHaveText("Votre compte a été créé ! Veuillez vérifier votre email pour l'activer.");

  // Not active yet: sign-in refused with the SPEC message.
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    "Vos identifiants sont incorrects ou votre compte n'est pas encore activé. Veuillez vérifier votre email.",
  );

  // The activation link from the outbox (delivered just after the answer: waited for).
  const activationPath = localPath(await waitForLinkSentTo(E2E_DATA_DIR, user.email, 'activate'));
  const activation = readOutbox(E2E_DATA_DIR).filter((m) => m.to.includes(user.email)).at(-1)!;
  expect(activation.subject).toBe('Activez votre compte Carnet');
  await page.goto(activationPath);
  await expect(page).toHaveURL(/\/activation-success$/);
  await expect(page.getByText('Compte activé avec succès !')).toBeVisible();
  await expectAccessible(page);
  // The same link again (issue 18): the account is active, so sign in.
  await page.goto(activationPath);
  await expect(page).toHaveURL(/\/login\?activation=already-active$/);
  await expect(page.getByRole('status')).toHaveText('Votre compte est déjà activé. Connectez-vous.');
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();

  // Sign in: the shell.
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Afficher le mot de passe' }).click();
  await expect(page.getByLabel('Mot de passe', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(`Bienvenue, ${user.email}`)).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  for (const name of ['Tableau de bord', 'Contacts', 'Projets', 'Tâches', 'Devis', 'Factures']) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Nouveau' }).click();
  await expect(page.getByRole('menuitem', { name: 'Facture' })).toBeVisible();
  await page.getByRole('heading', { level: 1 }).click();
  await expect(page.getByRole('menu', { name: 'Nouveau' })).toBeHidden();
  await expectAccessible(page);

  // A signed-in visit to /login lands on the dashboard.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);

  // Profile edit.
  await page.getByRole('link', { name: 'Mon profil' }).click();
  await expect(page.getByRole('heading', { name: 'Mon Profil Professionnel' })).toBeVisible();
  await page.getByLabel('Prénom').fill('Camille');
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Durand');
  await page.getByLabel("Nom de l'entreprise").fill('Atelier Durand');
  await page.getByLabel('SIRET').fill('732 829 320 00074');
  await page.getByRole('button', { name: 'Mentions Légales par défaut' }).click();
  await page.getByLabel('Texte des mentions légales').fill('Dispensé d’immatriculation au RCS.');
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page.getByText('Profil mis à jour avec succès.')).toBeVisible();
  await expectAccessible(page);
  await page.reload();
  await expect(page.getByLabel("Nom de l'entreprise")).toHaveValue('Atelier Durand');
  await expect(page.getByLabel('SIRET')).toHaveValue('73282932000074');

  // A new e-mail: the current password is asked for, and the address changes once its link is followed.
  const newEmail = user.email.replace('@', '.nouvelle@');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(newEmail);
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page.getByLabel('Mot de passe actuel')).toBeFocused();
  await page.getByLabel('Mot de passe actuel').fill(user.password);
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(
    page.getByText(`Un lien de confirmation a été envoyé à ${newEmail} ; votre adresse ne changera qu'après sa validation.`),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(user.email);
  const confirmPath = localPath(await waitForLinkSentTo(E2E_DATA_DIR, newEmail, 'confirm-email'));
  // The notice to the old address leaves with the link, through the same outbox.
  await expect
    .poll(() => readOutbox(E2E_DATA_DIR).filter((m) => m.to.includes(user.email)).at(-1)?.subject)
    .toBe('Changement d’adresse e-mail de votre compte Carnet');
  expect(readOutbox(E2E_DATA_DIR).filter((m) => m.to.includes(user.email)).at(-1)!.text).toContain(newEmail);
  expect(confirmPath).toMatch(/^\/confirm-email\//);
  await page.goto(confirmPath);
  await expect(page.getByText(`Votre adresse e-mail a été modifiée. Utilisez désormais ${newEmail} pour vous connecter.`)).toBeVisible();
  await expectAccessible(page);
  // The link served once.
  await page.goto(confirmPath);
  await expect(page.getByText('Le lien de confirmation est invalide, a déjà servi ou a expiré.')).toBeVisible();
  await page.getByRole('link', { name: 'Retour au profil' }).click();
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(newEmail);

  // The theme survives a reload.
  const html = page.locator('html');
  const initial = await html.getAttribute('data-theme');
  await page.getByRole('button', { name: 'Mode sombre' }).click();
  const toggled = initial === 'dark' ? 'light' : 'dark';
  await expect(html).toHaveAttribute('data-theme', toggled);
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', toggled);
  await expectAccessible(page);

  // Sign out: protected pages are closed again.
  await page.getByRole('button', { name: 'Déconnexion' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);

  // Password reset through the e-mailed link.
  await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  // The URL changes first; the login page (with its own "Email" field) stays until the lazy page has loaded.
  await expect(page.getByRole('heading', { name: 'Mot de passe oublié' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(newEmail);
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page.getByText('Un email de réinitialisation a été envoyé si ce compte existe.')).toBeVisible();
  await expectAccessible(page);
  await page.goto(localPath(await waitForLinkSentTo(E2E_DATA_DIR, newEmail, 'reset-password-confirm')));
  const newPassword = 'Nouveau-Passe-E2E-2';
  await page.getByLabel('Nouveau mot de passe').fill(newPassword);
  await page.getByLabel('Confirmer le mot de passe').fill(newPassword);
  await page.getByRole('button', { name: 'Valider' }).click();
  await expect(page.getByText('Mot de passe réinitialisé avec succès.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });

  // Old password refused, new one accepted.
  await page.getByLabel('Email', { exact: true }).fill(newEmail);
  await page.getByLabel('Mot de passe', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await page.getByLabel('Mot de passe', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an unknown path shows the 404 page, and an invalid activation link the failure page', async ({ page }) => {
  await page.goto('/nulle-part');
  await expect(page.getByText('404 - Page non trouvée')).toBeVisible();
  await expect(page.getByText("La page que vous cherchez n'existe pas.")).toBeVisible();
  await expectAccessible(page);
  await page.goto('/api/activate/MQ/abc-0000000000000000000000000000000000000000/');
  await expect(page).toHaveURL(/\/activation-failed$/);
  await expect(page.getByText("Échec de l'activation du compte")).toBeVisible();
  await expectAccessible(page);
});
