/** The contacts feature's public surface: what other features may import. */
export {
  useContactSearch, type ContactOption, type ContactSearch,
} from './use-contact-options';
export { useGetContactQuery } from './contacts.api';
