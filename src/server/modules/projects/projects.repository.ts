import type { Kysely, Selectable } from 'kysely';
import type { Database, ProjectsTable } from '@/server/db/schema';
import { PROJECT_STATUS_LABELS, type ProjectStatus, type Priority } from '@/shared/projects-tasks';
import type { Project, ProjectListParams, ProjectListQuery } from '@/shared/contracts/projects';
import { fromHundredths } from '@/shared/money';
import { normalizeSearch } from '@/shared/search';
import { dashboardProjectOrder, DASHBOARD_ORDERINGS } from '@/server/http/dashboard-order';
import { applyListFilters, countRows, listWindow, type ListPage } from '@/server/http/list-filters';
import { parseId } from '@/server/http/params';
import { linkedContacts, setLinkedContacts } from '@/server/http/owned-refs';
import type { ProjectInput } from './projects.schemas';

type ProjectRow = Selectable<ProjectsTable>;

/** The exact filters of the list (each also as `<name>__in`), by column. */
const LIST_FILTERS = { status: 'status', priority: 'priority' } satisfies Partial<Record<keyof ProjectListQuery, string>>;

/** The stored search text of a project (also used by bench/seed.ts). */
export const projectSearchText = (p: { name: string }) => normalizeSearch(p.name);

const toProject = (row: ProjectRow, contacts: Project['contacts']): Project => ({
  id: row.id,
  name: row.name,
  description: row.description,
  contacts,
  status: row.status as ProjectStatus,
  status_display: PROJECT_STATUS_LABELS[row.status as ProjectStatus] ?? row.status,
  priority: row.priority as Priority,
  start_date: row.start_date,
  due_date: row.due_date,
  completed_date: row.completed_date,
  budget: fromHundredths(row.budget_cents),
  revenue: fromHundredths(row.revenue_cents),
  created_at: row.created_at,
});

export function projectsRepository(db: Kysely<Database>) {
  async function withContacts(ownerId: number, rows: ProjectRow[], all = false): Promise<Project[]> {
    const contacts = await linkedContacts(db, 'project_contacts', all ? 'all' : rows.map((r) => r.id), ownerId);
    return rows.map((row) => toProject(row, contacts.get(row.id) ?? []));
  }

  return {
    async list(ownerId: number, params: ProjectListParams): Promise<ListPage<Project>> {
      let query = db.selectFrom('projects').selectAll().where('owner_id', '=', ownerId);
      query = applyListFilters(query, params, LIST_FILTERS);
      const contact = parseId(params.contact);
      if (contact) {
        query = query.where('id', 'in', db.selectFrom('project_contacts').select('project_id').where('contact_id', '=', contact));
      }
      const { limit, ordering } = listWindow(params, DASHBOARD_ORDERINGS);
      const total = limit === undefined ? undefined : await countRows(query);
      if (ordering === 'dashboard') for (const key of dashboardProjectOrder('projects')) query = query.orderBy(key);
      const rows = await query.orderBy('id').$if(limit !== undefined, (q) => q.limit(limit!)).execute();
      // Unfiltered lists link every project: one query for all links beats an IN list of thousands.
      return { items: await withContacts(ownerId, rows, Object.keys(params).length === 0), total };
    },
    async find(ownerId: number, id: number): Promise<Project | undefined> {
      const row = await db.selectFrom('projects').selectAll().where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst();
      return row ? (await withContacts(ownerId, [row]))[0] : undefined;
    },
    async forContact(ownerId: number, contactId: number): Promise<Project[]> {
      const rows = await db
        .selectFrom('projects')
        .selectAll()
        .where('owner_id', '=', ownerId)
        .where('id', 'in', db.selectFrom('project_contacts').select('project_id').where('contact_id', '=', contactId))
        .orderBy('id')
        .execute();
      return withContacts(ownerId, rows);
    },
    async insert(ownerId: number, { contact_ids, ...input }: ProjectInput): Promise<number> {
      const now = new Date().toISOString();
      const { id } = await db
        .insertInto('projects')
        .values({ ...input, owner_id: ownerId, created_at: now, updated_at: now, search_text: projectSearchText(input) })
        .returning('id')
        .executeTakeFirstOrThrow();
      await setLinkedContacts(db, 'project_contacts', id, contact_ids);
      return id;
    },
    async update(ownerId: number, id: number, { contact_ids, ...input }: ProjectInput): Promise<void> {
      await db
        .updateTable('projects')
        .set({ ...input, updated_at: new Date().toISOString(), search_text: projectSearchText(input) })
        .where('owner_id', '=', ownerId)
        .where('id', '=', id)
        .execute();
      await setLinkedContacts(db, 'project_contacts', id, contact_ids);
    },
    delete: (ownerId: number, id: number) =>
      db.deleteFrom('projects').where('owner_id', '=', ownerId).where('id', '=', id).execute(),
  };
}
