/** The search feature's public surface: what other features may import. */
export { GlobalSearch } from './global-search';
