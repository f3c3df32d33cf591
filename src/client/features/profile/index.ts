/** The profile feature's public surface: what other features may import. */
export { useGetProfileQuery } from './profile.api';
