/** The projects feature's public surface: what other features may import. */
export { ALL_PROJECTS, EMPTY_PROJECTS, projectSelectors, useListProjectsQuery } from './projects.api';
