/** The contacts feature's public surface: what other features may import. */
export { useContactOptions, type ContactOption, type ContactOptions } from './use-contact-options';
