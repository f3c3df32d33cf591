/** The projects feature's public surface: what other features may import. */
export { useGetProjectQuery } from './projects.api';
export { useProjectSearch } from './use-project-search';
