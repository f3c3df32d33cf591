/** The app's 404 page, also shown by a record page whose record does not exist (issue 28). */
export { NotFoundPage } from './not-found-page';
