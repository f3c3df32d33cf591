/** The documents feature's public surface: what other features may import. */
export { DOCUMENT_KINDS } from './document-kinds';
