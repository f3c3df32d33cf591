import { expect, test, type Page } from '@playwright/test';
import { apiAs, createActivatedUser, expectAccessible, signInAs } from './support/app';

const bodyRows = (page: Page) => page.getByRole('table').locator('tbody tr[data-index]');
const firstCells = (page: Page) => bodyRows(page).locator('td:first-child');

test('a freelancer runs a project: two clients, tasks from the panel, logged time, filtered list, deletions', async ({ page, request }) => {
  const user = await createActivatedUser(request);
  const api = await apiAs(request, user);
  const agence = await api.post('/contacts/', { name: 'Agence Bleue', email: 'contact@agence-bleue.fr', category: 'client' });
  await api.post('/contacts/', { name: 'Boulangerie Aubert', email: 'bonjour@aubert.fr', category: 'client' });
  const imprimerie = await api.post('/contacts/', { name: 'Imprimerie Dupré', email: 'atelier@dupre.fr', category: 'partenaire' });
  // A task with another contact and no project, for the list filters.
  await api.post('/tasks/', { title: 'Devis imprimeur', contact_ids: [imprimerie.id] });

  // Empty project list.
  await signInAs(page, request, user, '/projects');
  await expect(page.getByRole('heading', { level: 1, name: 'Liste des projets' })).toBeVisible();
  await expect(page.getByText('Aucun projet à afficher.')).toBeVisible();
  await expectAccessible(page);

  // Create a project with two clients.
  await page.getByRole('link', { name: 'Ajouter un projet' }).click();
  await expect(page).toHaveURL(/\/projects\/new$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Nouveau projet' })).toBeVisible();
  await page.getByLabel('Nom du projet').fill('Site vitrine');
  const addClient = page.getByLabel('Ajouter un client');
  await addClient.selectOption({ label: 'Agence Bleue' });
  await page.getByRole('button', { name: 'Ajouter', exact: true }).click();
  await addClient.selectOption({ label: 'Boulangerie Aubert' });
  await page.getByRole('button', { name: 'Ajouter', exact: true }).click();
  await page.getByLabel('Statut').selectOption('en_cours');
  await page.getByLabel('Budget (€)').fill('2000');
  await page.getByLabel('Échéance').fill('2030-06-30');
  await page.getByRole('button', { name: 'Créer le projet' }).click();
  await expect(page.getByText('Projet créé avec succès !')).toBeVisible();
  await expect(page).toHaveURL(/\/projects\/\d+$/);
  const projectUrl = page.url();
  await expect(page.getByRole('heading', { level: 1, name: 'Site vitrine' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Boulangerie Aubert' })).toHaveAttribute('href', /\/contacts\/\d+$/);

  // Tasks from the 'Tâches associées' panel.
  const panel = page.getByRole('region', { name: 'Tâches associées' });
  await expect(panel.getByText('Aucune tâche pour ce projet.')).toBeVisible();
  await panel.getByLabel('Titre de la tâche').fill('Maquettes');
  await panel.getByLabel('Date limite').fill('2025-01-15');
  await panel.getByLabel('Statut', { exact: true }).selectOption('en_cours');
  await panel.getByRole('button', { name: 'Ajouter la tâche' }).click();
  await expect(panel.getByRole('link', { name: 'Maquettes' })).toBeVisible();
  await panel.getByLabel('Titre de la tâche').fill('Rédaction des textes');
  await panel.getByRole('button', { name: 'Ajouter la tâche' }).click();
  await expect(panel.getByRole('link', { name: 'Rédaction des textes' })).toBeVisible();
  await expect(panel.getByLabel('Statut de la tâche Rédaction des textes')).toHaveValue('en_attente');
  await panel.getByLabel('Statut de la tâche Rédaction des textes').selectOption('brouillon');
  await expectAccessible(page);

  // Delete a task from the panel.
  await panel.getByRole('button', { name: 'Supprimer la tâche Rédaction des textes' }).click();
  const panelDialog = page.getByRole('alertdialog');
  await expect(panelDialog).toContainText('Supprimer cette tâche ?');
  await panelDialog.getByRole('button', { name: 'Supprimer' }).click();
  await expect(panel.getByRole('link', { name: 'Rédaction des textes' })).toHaveCount(0);

  // Open a task, log time and see the cost follow.
  await panel.getByRole('link', { name: 'Maquettes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Maquettes' })).toBeVisible();
  for (const section of ['Général', 'Suivi du temps', 'Facturation']) {
    await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Site vitrine' })).toHaveAttribute('href', new URL(projectUrl).pathname);
  await page.getByLabel('Ajouter un contact').selectOption({ label: 'Agence Bleue' });
  await page.getByRole('button', { name: 'Ajouter', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Agence Bleue' })).toHaveAttribute('href', `/contacts/${agence.id}`);
  await page.getByLabel('Facturable').check();
  await page.getByLabel('Tarif horaire (€)').fill('50');
  await page.getByLabel('Temps réel (heures)').fill('1,5');
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page.getByText('Tâche mise à jour avec succès.').first()).toBeVisible();
  await expect(page.getByLabel('Coût total')).toHaveValue(/^75,00\s€$/);

  // The timer (issue 28): runs on the server, survives a reload, adds the exact time (a few seconds: no quarter hour).
  await page.getByRole('button', { name: 'Démarrer le chronomètre' }).click();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Arrêter le chronomètre', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Arrêter le chronomètre', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Démarrer le chronomètre' })).toBeVisible();
  await expect(page.getByLabel('Temps réel (heures)')).toHaveValue('1,5');
  await expect(page.getByLabel('Coût total')).toHaveValue(/^75,00\s€$/);
  await expectAccessible(page);

  // The task list, filtered by project and by contact.
  await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Tâches', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Liste des tâches' })).toBeVisible();
  await expect(firstCells(page)).toHaveText(['Maquettes', 'Devis imprimeur']);
  await expect(bodyRows(page).nth(1).locator('td').nth(1)).toHaveText('—');
  await page.getByLabel('Projet', { exact: true }).selectOption({ label: 'Site vitrine' });
  await expect(firstCells(page)).toHaveText(['Maquettes']);
  await page.getByLabel('Projet', { exact: true }).selectOption({ label: 'Tous les projets' });
  await page.getByLabel('Contact', { exact: true }).selectOption({ label: 'Imprimerie Dupré' });
  await expect(firstCells(page)).toHaveText(['Devis imprimeur']);
  await page.getByLabel('Contact', { exact: true }).selectOption({ label: 'Agence Bleue' });
  await expect(firstCells(page)).toHaveText(['Maquettes']);
  await page.getByRole('button', { name: 'Réinitialiser' }).click();
  await page.getByRole('searchbox', { name: 'Rechercher', exact: true }).fill('dupre');
  await expect(firstCells(page)).toHaveText(['Devis imprimeur']);
  await page.getByRole('button', { name: 'Réinitialiser' }).click();
  await expect(firstCells(page)).toHaveCount(2);
  await expectAccessible(page);
  // Badges stay readable in the dark theme.
  await page.getByRole('button', { name: 'Mode sombre' }).click();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Mode sombre' }).click();

  // Delete a task from its page: back to the dashboard.
  await page.getByRole('link', { name: 'Devis imprimeur' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Devis imprimeur' })).toBeVisible();
  await page.getByRole('button', { name: 'Supprimer' }).click();
  const taskDialog = page.getByRole('alertdialog');
  await expect(taskDialog).toContainText('Voulez-vous vraiment supprimer cette tâche ?');
  await taskDialog.getByRole('button', { name: 'Supprimer' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The project list shows the project with its two clients; then delete it.
  await page.goto('/projects');
  const row = bodyRows(page).first();
  await expect(row).toContainText('Site vitrine');
  await expect(row).toContainText('Agence Bleue, Boulangerie Aubert');
  await expect(row).toContainText('En cours');
  await page.getByLabel('Statut').selectOption('termine');
  await expect(page).toHaveURL(/\/projects\?status=termine$/);
  await expect(page.getByText('Aucun projet à afficher.')).toBeVisible();
  await page.getByRole('button', { name: 'Réinitialiser' }).click();
  await row.getByRole('link', { name: 'Site vitrine' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Site vitrine' })).toBeVisible();
  await page.getByRole('button', { name: 'Supprimer', exact: true }).click();
  const projectDialog = page.getByRole('alertdialog');
  await expect(projectDialog).toContainText('Voulez-vous vraiment supprimer ce projet ? Cette action est irréversible.');
  await projectDialog.getByRole('button', { name: 'Supprimer' }).click();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByText('Aucun projet à afficher.')).toBeVisible();

  // The task survives without its project; an unknown task shows the not-found state.
  await page.goto('/tasks');
  await expect(firstCells(page)).toHaveText(['Maquettes']);
  await expect(bodyRows(page).first().locator('td').nth(1)).toHaveText('—');

  // A phone: nothing wider than the screen.
  await page.setViewportSize({ width: 360, height: 740 });
  const noOverflow = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  await expect(firstCells(page)).toHaveText(['Maquettes']);
  // An overdue date is said in words too (visually hidden text, which must not widen the page).
  await expect(bodyRows(page).first()).toContainText('(en retard)');
  expect(await noOverflow()).toBe(true);
  await page.getByRole('link', { name: 'Maquettes' }).click();
  await expect(page.getByLabel('Coût total')).toHaveValue(/^75,00\s€$/);
  expect(await noOverflow()).toBe(true);
  await page.goto('/projects/new');
  await expect(page.getByLabel('Nom du projet')).toBeVisible();
  expect(await noOverflow()).toBe(true);

  await page.goto('/tasks/999999');
  await expect(page.getByText("La tâche que vous recherchez n'existe plus ou a été supprimée.")).toBeVisible();
  await expectAccessible(page);
});
