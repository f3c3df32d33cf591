/**
 * The documents feature's public surface: what other features may import. Nothing today —
 * documents read contacts and tasks (their pickers), so those features may not import documents;
 * the status colours they share live in kit/workflow-badges.
 */
export {};
