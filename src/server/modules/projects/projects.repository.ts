import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, ProjectsTable } from '@/server/db/schema';
import { PROJECT_STATUS_LABELS, type ProjectStatus, type Priority } from '@/shared/projects-tasks';
import type { Project, ProjectListParams, ProjectListQuery } from '@/shared/contracts/projects';
import { fromHundredths } from '@/shared/money';
import { normalizeSearch } from '@/shared/search';
import { dashboardProjectOrder, DASHBOARD_ORDERINGS } from '@/server/http/dashboard-order';
import { applyListFilters, countRows, listWindow, type ListPage } from '@/server/http/list-filters';
import { cutPage, firstPageTotal, keysetRequest, searchTextContains, seekPage, type Sorts } from '@/server/http/keyset';
import { parseId } from '@/server/http/params';
import { linkedContacts, setLinkedContacts } from '@/server/http/owned-refs';
import type { ProjectInput } from './projects.schemas';

type ProjectRow = Selectable<ProjectsTable>;

/** The exact filters of the list (each also as `<name>__in`), by column. */
const LIST_FILTERS = { status: 'status', priority: 'priority' } satisfies Partial<Record<keyof ProjectListQuery, string>>;

/** The sorts of a keyset page (`ordering`, `-` descending), each read through its (owner_id, key, id) index (migration 0033). */
const PAGE_SORTS: Sorts = {
  name: { column: 'name', type: 'text' },
  due_date: { column: 'due_date', type: 'text', nullable: true },
  created_at: { column: 'created_at', type: 'text' },
};

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
  hourly_rate: fromHundredths(Number(row.hourly_rate_cents)),
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
      const search = typeof params.search === 'string' ? normalizeSearch(params.search) : '';
      if (search) {
        // SPEC 2: the name or a client's (name, e-mail, company: its search text), on the owner's rows.
        const clients = db
          .selectFrom('project_contacts as pc')
          .innerJoin('contacts as c', 'c.id', 'pc.contact_id')
          .select('pc.project_id')
          .where('c.owner_id', '=', ownerId)
          .where(searchTextContains('c.search_text', search));
        query = query.where(sql<boolean>`(${searchTextContains('search_text', search)} or id in (${clients}))`);
      }
      const page = keysetRequest(params, 'projects', PAGE_SORTS, '-created_at');
      if (page) {
        // Counted with the page's filters, on the owner's index (no row read unless a filter needs it).
        const counted = await firstPageTotal(db, page, query);
        const { rows, nextCursor } = cutPage(page, await seekPage(query, page, 'id').execute());
        return { items: await withContacts(ownerId, rows), ...counted, nextCursor };
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
