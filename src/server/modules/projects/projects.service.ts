import type { Kysely } from 'kysely';
import type { Database } from '@/server/db/schema';
import { inTransaction } from '@/server/db/database';
import { PRIORITY_LABELS, PROJECT_FIELD_LABELS } from '@/shared/projects-tasks';
import type { Project } from '@/shared/contracts/projects';
import { notFound } from '@/server/http/errors';
import { assertOwned } from '@/server/http/owned-refs';
import { describeChanges, recordActivity } from '@/server/modules/activity';
import { projectsRepository } from './projects.repository';
import type { ProjectInput } from './projects.schemas';

/** What the history shows of a project: labels rather than codes. */
const historyView = (p: Project) => ({
  ...p,
  contacts: p.contacts.map((c) => c.name).join(', '),
  status: p.status_display,
  priority: PRIORITY_LABELS[p.priority],
  budget: p.budget.toFixed(2),
  revenue: p.revenue.toFixed(2),
});

const clientNames = (p: Project) => p.contacts.map((c) => c.name).join(', ') || null;

export function projectsService(db: Kysely<Database>) {
  const repo = projectsRepository(db);

  async function get(ownerId: number, id: number): Promise<Project> {
    const project = await repo.find(ownerId, id);
    if (!project) throw notFound();
    return project;
  }

  return {
    list: repo.list,
    get,
    forContact: repo.forContact,

    create: (ownerId: number, input: ProjectInput) =>
      inTransaction(db, async (trx) => {
        await assertOwned(trx, 'contacts', ownerId, input.contact_ids, 'contact_ids');
        const txRepo = projectsRepository(trx);
        const project = (await txRepo.find(ownerId, await txRepo.insert(ownerId, input)))!;
        await recordActivity(trx, {
          ownerId, objectType: 'project', objectId: project.id, label: project.name, action: 'créé', clientName: clientNames(project),
        });
        return project;
      }),

    update: (ownerId: number, id: number, input: ProjectInput) =>
      inTransaction(db, async (trx) => {
        const txRepo = projectsRepository(trx);
        const before = await txRepo.find(ownerId, id);
        if (!before) throw notFound();
        await assertOwned(trx, 'contacts', ownerId, input.contact_ids, 'contact_ids');
        await txRepo.update(ownerId, id, input);
        const after = (await txRepo.find(ownerId, id))!;
        await recordActivity(trx, {
          ownerId,
          objectType: 'project',
          objectId: id,
          label: after.name,
          action: 'mis à jour',
          changes: describeChanges(PROJECT_FIELD_LABELS, historyView(before), historyView(after)),
          clientName: clientNames(after),
        });
        return after;
      }),

    remove: (ownerId: number, id: number) =>
      inTransaction(db, async (trx) => {
        const txRepo = projectsRepository(trx);
        const project = await txRepo.find(ownerId, id);
        if (!project) throw notFound();
        await txRepo.delete(ownerId, id);
        await recordActivity(trx, {
          ownerId, objectType: 'project', objectId: id, label: project.name, action: 'supprimé', clientName: clientNames(project),
        });
      }),
  };
}

export type ProjectsService = ReturnType<typeof projectsService>;
