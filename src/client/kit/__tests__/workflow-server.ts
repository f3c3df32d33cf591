import type { AxiosRequestConfig } from 'axios';
import type MockAdapter from 'axios-mock-adapter';
import type { Contact } from '@/shared/contracts/contacts';
import { PRIORITY_LABELS, PROJECT_STATUS_LABELS, TASK_STATUS_LABELS } from '@/shared/projects-tasks';
import type { NamedRef } from '@/shared/contracts/common';
import type { Project } from '@/shared/contracts/projects';
import type { Task } from '@/shared/contracts/tasks';
import { pagedReply, type PagedListRules } from '@/client/test/paged-list';
import { makeTask } from './workflow-fixtures';

/** A contact as GET contacts/{id}/ returns it, with overrides. */
export function makeContact(overrides: Partial<Contact> & Pick<Contact, 'id' | 'name'>): Contact {
  return {
    email: '',
    phone: '',
    company: '',
    address: '',
    city: '',
    postal_code: '',
    country: 'France',
    notes: '',
    category: 'client',
    client_type: 'professionnel',
    siren: '',
    vat_number: '',
    delivery_address: '',
    delivery_postal_code: '',
    delivery_city: '',
    delivery_country: '',
    hourly_rate: 0,
    created_at: '2026-01-01T10:00:00.000Z',
    ...overrides,
  };
}

/** An invoice as the fake server keeps it: its client and its lines' tasks are named when read. */
export interface FakeInvoice {
  id: number;
  title: string;
  client_id: number | null;
  lines: { id: number; title: string; quantity: number; unit_price: number; task_id: number | null }[];
}

export interface WorkflowData {
  contacts: Contact[];
  projects: Project[];
  tasks: Task[];
  /** Draft invoices (none by default). */
  invoices?: FakeInvoice[];
}

type Reply = [number, unknown?, Record<string, string>?];

/**
 * The server's paging of tasks/ (issue 29; README « Paged lists »): `search` in the title, the
 * project's name and the contacts' names (SPEC 2), `status`, `priority`, `project` and `contact`
 * filters, sorted by `-created_at` unless asked; a missing due date first ascending, last descending.
 */
export const TASK_PAGE_RULES: PagedListRules<Task> = {
  searchText: (t) => [t.title, t.project?.name ?? '', ...t.contacts.map((c) => c.name)],
  filters: { status: (t) => t.status, priority: (t) => t.priority, project: (t) => t.project?.id ?? '' },
  matches: (t, query) => query.contact === undefined || t.contacts.some((c) => String(c.id) === String(query.contact)),
  orderings: { title: (t) => t.title, due_date: (t) => t.due_date ?? '0000-00-00', created_at: (t) => t.created_at },
  defaultOrdering: '-created_at',
};

/**
 * The server's paging of projects/ (issue 29): `search` in the name and the clients' names (SPEC 2),
 * `status`, `priority` and `contact` filters, sorted by `-created_at` unless asked; a missing due
 * date first ascending, last descending.
 */
export const PROJECT_PAGE_RULES: PagedListRules<Project> = {
  searchText: (p) => [p.name, ...p.contacts.map((c) => c.name)],
  filters: { status: (p) => p.status, priority: (p) => p.priority },
  matches: (p, query) => query.contact === undefined || p.contacts.some((c) => String(c.id) === String(query.contact)),
  orderings: { name: (p) => p.name, due_date: (p) => p.due_date ?? '0000-00-00', created_at: (p) => p.created_at },
  defaultOrdering: '-created_at',
};

/**
 * A stand-in for the API behind the task, project, contact and dashboard screens that keeps its
 * data: reads answer from it and writes change it (names shown in other rows included), as the
 * server does. Client tests see through it what each screen shows after a change elsewhere, and
 * which requests were made again (`mock.history`). The dashboard's figures are zeros.
 */
export function serveWorkflow(mock: MockAdapter, initial: WorkflowData) {
  const data: WorkflowData = JSON.parse(JSON.stringify(initial));
  const idOf = (config: AxiosRequestConfig) => Number(/(\d+)\/(?:[a-z]+\/)?$/.exec(config.url ?? '')?.[1]);
  const body = (config: AxiosRequestConfig) => JSON.parse(config.data ?? '{}');
  const params = (config: AxiosRequestConfig) => (config.params ?? {}) as Record<string, string | number | undefined>;
  const found = <T>(row: T | undefined): Reply => (row ? [200, row] : [404, { detail: 'Pas trouvé.' }]);
  /** A list cut by `limit`, counted in X-Total-Count as the server does. */
  const page = (rows: unknown[], config: AxiosRequestConfig): Reply => {
    const limit = Number(params(config).limit ?? rows.length);
    return [200, rows.slice(0, limit), { 'x-total-count': String(rows.length) }];
  };
  const refs = (ids: number[] = []): NamedRef[] =>
    data.contacts.filter((c) => ids.includes(c.id)).map(({ id, name }) => ({ id, name }));
  const projectRef = (id: number | null | undefined): NamedRef | null => {
    const project = data.projects.find((p) => p.id === id);
    return project ? { id: project.id, name: project.name } : null;
  };
  const writeTask = (task: Task, input: Record<string, unknown>): Task => {
    const { project_id, contact_ids, ...fields } = input;
    const next = { ...task, ...fields } as Task;
    if (project_id !== undefined) next.project = projectRef(project_id as number | null);
    if (contact_ids !== undefined) next.contacts = refs(contact_ids as number[]);
    return { ...next, status_display: TASK_STATUS_LABELS[next.status], priority_display: PRIORITY_LABELS[next.priority] };
  };
  let nextId = 1000;
  const invoices = () => data.invoices ?? [];
  /** GET invoices/{id}/ of a draft invoice, its client's and tasks' names as they are now. */
  const invoiceRecord = (invoice: FakeInvoice) => {
    const client = data.contacts.find((c) => c.id === invoice.client_id);
    const lineItems = invoice.lines.map((line) => {
      const task = data.tasks.find((t) => t.id === line.task_id);
      return {
        ...line,
        description: '',
        tax_rate: 20,
        total: line.quantity * line.unit_price,
        task_id: task ? task.id : null,
        task: task ? { id: task.id, title: task.title, hourly_rate: task.hourly_rate, cost: task.cost } : null,
      };
    });
    const subtotal = lineItems.reduce((sum, line) => sum + line.total, 0);
    return {
      id: invoice.id,
      invoice_number: null,
      title: invoice.title,
      description: '',
      client: client ? { id: client.id, name: client.name, email: client.email } : null,
      status: 'draft',
      status_display: 'Brouillon',
      priority: 'normale',
      issue_date: '2026-01-05',
      due_date: '2026-02-04',
      payment_date: null,
      quote_id: null,
      tax_rate: 20,
      legal_notice: '',
      signature_notice: '',
      subtotal,
      tax_amount: subtotal * 0.2,
      total_amount: subtotal * 1.2,
      amount_paid: 0,
      balance_due: subtotal * 1.2,
      created_at: '2026-01-05T10:00:00.000Z',
      line_items: lineItems,
    };
  };
  const invoiceRow = (invoice: FakeInvoice) => {
    const { line_items: _lines, ...row } = invoiceRecord(invoice);
    return row;
  };

  // Whole (the pickers) or by pages (the contact list, issue 29), as the server answers.
  mock.onGet('contacts/').reply((config) =>
    pagedReply(
      data.contacts.map(({ id, name, email, phone, company, category, client_type }) => ({ id, name, email, phone, company, category, client_type })),
      config,
      {
        searchText: (c) => [c.name, c.email, c.company],
        filters: { category: (c) => c.category, client_type: (c) => c.client_type },
        orderings: { name: (c) => c.name, email: (c) => c.email, company: (c) => c.company },
      },
    ),
  );
  mock.onGet(/^contacts\/\d+\/$/).reply((config) => found(data.contacts.find((c) => c.id === idOf(config))));
  mock.onPut(/^contacts\/\d+\/$/).reply((config) => {
    const index = data.contacts.findIndex((c) => c.id === idOf(config));
    if (index < 0) return [404, { detail: 'Pas trouvé.' }];
    const contact = { ...data.contacts[index], ...body(config) } as Contact;
    data.contacts[index] = contact;
    const renamed = (ref: NamedRef) => (ref.id === contact.id ? { id: contact.id, name: contact.name } : ref);
    data.tasks = data.tasks.map((t) => ({ ...t, contacts: t.contacts.map(renamed) }));
    data.projects = data.projects.map((p) => ({ ...p, contacts: p.contacts.map(renamed) }));
    return [200, contact];
  });
  mock.onGet(/^contacts\/\d+\/tasks\/$/).reply((config) => [
    200,
    data.tasks.filter((t) => t.contacts.some((c) => c.id === idOf(config)) && t.status !== params(config).exclude_status),
  ]);
  mock.onGet(/^contacts\/\d+\/projects\/$/).reply((config) => [200, data.projects.filter((p) => p.contacts.some((c) => c.id === idOf(config)))]);
  mock.onGet(/^contacts\/\d+\/invoices\/$/).reply((config) => [
    200,
    invoices().filter((i) => i.client_id === idOf(config)).map(invoiceRow),
  ]);
  mock.onGet(/^contacts\/\d+\/quotes\/$/).reply(200, []);

  // Whole, or by pages (the list page, issue 29) as the server answers.
  mock.onGet('invoices/').reply((config) =>
    pagedReply(invoices().map(invoiceRow), config, {
      searchText: (row) => [row.title, row.client?.name ?? ''],
      orderings: { end_date: (row) => row.due_date, issue_date: (row) => row.issue_date, total_amount: (row) => row.total_amount },
    }),
  );
  mock.onGet(/^invoices\/\d+\/$/).reply((config) => {
    const invoice = invoices().find((i) => i.id === idOf(config));
    return invoice ? [200, invoiceRecord(invoice)] : [404, { detail: 'Pas trouvé.' }];
  });
  mock.onPut(/^invoices\/\d+\/$/).reply((config) => {
    const invoice = invoices().find((i) => i.id === idOf(config));
    if (!invoice) return [404, { detail: 'Pas trouvé.' }];
    const input = body(config);
    invoice.title = input.title;
    invoice.client_id = input.client_id;
    invoice.lines = input.line_items.map((line: FakeInvoice['lines'][number], n: number) => ({ ...line, id: line.id ?? nextId + n }));
    nextId += invoice.lines.length;
    return [200, invoiceRecord(invoice)];
  });
  mock.onDelete(/^invoices\/\d+\/$/).reply((config) => {
    data.invoices = invoices().filter((i) => i.id !== idOf(config));
    return [204];
  });
  mock.onGet('profile/').reply(200, { email: 'marie@exemple.fr', first_name: 'Marie', legal_notice: '', signature_notice: '' });

  // By pages (the list and the pickers, issue 29) as the server answers them; else whole or cut by `limit` (the dashboard).
  mock.onGet('projects/').reply((config) => {
    if (params(config).page_size !== undefined) return pagedReply(data.projects, config, PROJECT_PAGE_RULES);
    return page(data.projects.filter((p) => !params(config).status || p.status === params(config).status), config);
  });
  mock.onGet(/^projects\/\d+\/$/).reply((config) => found(data.projects.find((p) => p.id === idOf(config))));
  mock.onGet(/^projects\/\d+\/tasks\/$/).reply((config) => [200, data.tasks.filter((t) => t.project?.id === idOf(config))]);
  mock.onPut(/^projects\/\d+\/$/).reply((config) => {
    const index = data.projects.findIndex((p) => p.id === idOf(config));
    if (index < 0) return [404, { detail: 'Pas trouvé.' }];
    const { contact_ids, ...fields } = body(config);
    const project = { ...data.projects[index], ...fields, contacts: refs(contact_ids) } as Project;
    data.projects[index] = { ...project, status_display: PROJECT_STATUS_LABELS[project.status] };
    data.tasks = data.tasks.map((t) => (t.project?.id === project.id ? { ...t, project: projectRef(project.id) } : t));
    return [200, data.projects[index]];
  });
  mock.onDelete(/^projects\/\d+\/$/).reply((config) => {
    const id = idOf(config);
    data.projects = data.projects.filter((p) => p.id !== id);
    data.tasks = data.tasks.map((t) => (t.project?.id === id ? { ...t, project: null } : t));
    return [204];
  });

  // By pages (the task list and the document line's task picker, issue 29) as the server answers them; else whole or cut by `limit`.
  mock.onGet('tasks/').reply((config) => {
    if (params(config).page_size !== undefined) return pagedReply(data.tasks, config, TASK_PAGE_RULES);
    const statuses = String(params(config).status__in ?? '').split(',').filter(Boolean);
    const tasks = data.tasks.filter((t) => statuses.length === 0 || statuses.includes(t.status));
    return page(tasks, config);
  });
  mock.onGet(/^tasks\/\d+\/$/).reply((config) => found(data.tasks.find((t) => t.id === idOf(config))));
  mock.onPost('tasks/').reply((config) => {
    const task = writeTask(makeTask({ id: nextId++, created_at: new Date().toISOString() }), body(config));
    data.tasks.unshift(task);
    return [201, task];
  });
  mock.onPut(/^tasks\/\d+\/$/).reply((config) => {
    const index = data.tasks.findIndex((t) => t.id === idOf(config));
    if (index < 0) return [404, { detail: 'Pas trouvé.' }];
    data.tasks[index] = writeTask(data.tasks[index], body(config));
    return [200, data.tasks[index]];
  });
  mock.onDelete(/^tasks\/\d+\/$/).reply((config) => {
    data.tasks = data.tasks.filter((t) => t.id !== idOf(config));
    return [204];
  });

  // The dashboard's other sections.
  mock.onGet('quotes/pending_sum/').reply(200, { pending_quotes_sum: 0, pending_quotes_count: 0 });
  mock.onGet('invoices/outstanding_sum/').reply(200, { outstanding_invoices_sum: 0, outstanding_invoices_count: 0 });
  mock.onGet('invoices/overdue_sum/').reply(200, { overdue_invoices_sum: 0, overdue_invoices_count: 0 });
  mock.onGet('invoices/current_month_revenue/').reply(200, { current_month_revenue: 0, current_month_revenue_count: 0, current_month_paid_invoices_count: 0, current_month_partly_paid_invoices_count: 0 });
  const noPayment = { id: null, title: null, due_date: null, amount: null, client_id: null, client_name: null };
  mock.onGet('invoices/next_expected_payment/').reply(200, noPayment);
  mock.onGet('invoices/monthly_revenue/').reply(200, { monthly_revenue: [] });
  mock.onGet('recent-activity/').reply(200, []);

  return {
    data,
    /** How many GET requests went to `url` so far. */
    gets: (url: string) => mock.history.get.filter((request) => request.url === url).length,
    /** The parameters of every GET request to `url` so far ({} for none). */
    getParams: (url: string) =>
      mock.history.get.filter((request) => request.url === url).map((request) => (request.params ?? {}) as Record<string, unknown>),
  };
}
