/** The catalogue feature's public surface (issue 28): the line editor's picker. */
export { CataloguePicker } from './catalogue-picker';
export type { CatalogueItem } from './catalogue.api';
