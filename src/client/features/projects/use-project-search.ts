import type { Project } from '@/shared/contracts/projects';
import { usePickerSearch, type PickerSearch } from '@/client/app/api';
import { useListProjectOptionPagesInfiniteQuery } from './projects.api';

/**
 * Projects for a picker (issue 29: the task form's « Projet », the task list's project filter): the
 * server searches them (name, clients' names) once typing pauses and answers the first 20 by name;
 * `loadMore` asks for the next 20. Never the whole list.
 */
export function useProjectSearch(typed: string): PickerSearch<Project> {
  return usePickerSearch(typed, useListProjectOptionPagesInfiniteQuery);
}
