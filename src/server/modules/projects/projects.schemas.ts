import type { ProjectWrite } from '@/shared/contracts/projects';

/** A project as the service stores it (the write body read by projectWriteSchema, amounts in cents). */
export type ProjectInput = ProjectWrite;
