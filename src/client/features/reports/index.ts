/** The reports feature's public surface: a report or file downloaded as an object URL (issue 26: the purchases register). */
export { useFetchReportFileMutation } from './reports.api';
