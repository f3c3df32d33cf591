/**
 * The client portal's surface for the rest of the app (issue 27): the document pages' « Lien
 * client » card, and the contact page's « Espace client » card (composed by the router).
 */
export { ClientSpaceCard, ShareLinkCard } from './share-link-card';
