// The field builders moved to the shared contracts (src/shared/contracts/fields.ts); kept as a
// re-export for the services that use the date checks, until they import the contracts directly.
export * from '@/shared/contracts/fields';
