import { z } from 'zod';
import { PRIORITIES, PROJECT_STATUSES, type ProjectWriteBody } from '@/shared/projects-tasks';
import type { SameKeys } from '@/server/http/api-types';
import { dateOrNull, hundredths, idList, optionalText, requiredText } from '@/server/http/fields';

export const projectBody = z
  .strictObject({
    name: requiredText(200),
    description: optionalText(10000),
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

/** The shared request type and this schema agree: the same writable fields, and every body the type allows parses. */
type ProjectSchemaFields = Exclude<keyof z.input<typeof projectBody>, 'id' | 'contacts' | 'status_display' | 'created_at'>;
export const PROJECT_BODY_MATCHES_SHARED_TYPE: SameKeys<ProjectSchemaFields, keyof ProjectWriteBody> = true;
export const acceptsProjectWriteBody = (body: ProjectWriteBody): z.input<typeof projectBody> => body;
