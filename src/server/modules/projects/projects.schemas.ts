import { z } from 'zod';
import { PRIORITIES, PROJECT_STATUSES } from '../../../shared/workflow';
import { dateOrNull, hundredths, idList, requiredText } from '../../http/fields';

export const projectBody = z
  .strictObject({
    name: requiredText(200),
    description: z.string().max(10000).nullish().transform((v) => (v ?? '').trim()),
    contact_ids: idList().optional().default([]),
    status: z.enum(PROJECT_STATUSES).optional().default('brouillon'),
    priority: z.enum(PRIORITIES).optional().default('normale'),
    start_date: dateOrNull(),
    due_date: dateOrNull(),
    completed_date: dateOrNull(),
    budget: hundredths(),
    revenue: hundredths(),
    // Read-only fields a client may echo back; ignored.
    id: z.unknown().optional(),
    contacts: z.unknown().optional(),
    status_display: z.unknown().optional(),
    created_at: z.unknown().optional(),
  })
  .transform(({ id: _i, contacts: _c, status_display: _s, created_at: _t, budget, revenue, ...rest }) => ({
    ...rest,
    budget_cents: budget,
    revenue_cents: revenue,
  }));

export type ProjectInput = z.output<typeof projectBody>;
