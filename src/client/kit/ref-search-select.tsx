import { useMemo, useState, type ReactNode } from 'react';
import type { NamedRef } from '@/shared/contracts/common';
import type { SelectOption } from '../ui/form-fields';
import { SearchSelect, type SearchResults } from '../ui/search-select';

/** What a picker's search answers (the app's `PickerSearch`): the matches loaded and how many match. */
export interface RefMatches<T> extends SearchResults {
  rows: readonly T[];
  /** The search sent (what was typed, once typing paused). */
  search: string;
  isLoading: boolean;
  isError: boolean;
}

/** A module-level hook searching the server for what was typed (`useProjectSearch`, `useContactSearch`…). */
export type UseRefSearch<T> = (typed: string) => RefMatches<T>;

export interface KeptChoice<T> {
  /** The matches as options, the chosen one first when the search does not list it. */
  options: SelectOption[];
  /** The chosen row when known (listed now, or picked here earlier). */
  current: T | null;
  /** The chosen one's name: its row's, else the record's, else `unknownLabel` (null: nothing chosen). */
  name: string | null;
  /** To call with the id chosen in the select: remembers its row, named once the search no longer lists it. */
  pick: (id: number | null) => void;
}

const byName = (row: { name: string }) => row.name;

/**
 * A searched select's options (issue 29): the server's matches, and the chosen value kept listed
 * (and named) whatever the search shows — by the row picked here, else the record's own `known`
 * name, else `unknownLabel`.
 */
export function useKeptChoice<T extends { id: number; name: string }>(
  rows: readonly T[],
  value: number | null,
  known: NamedRef | null | undefined,
  unknownLabel: string,
  optionLabel: (row: T) => string = byName,
): KeptChoice<T> {
  const [picked, setPicked] = useState<T | null>(null);
  const current = value === null ? null : (rows.find((row) => row.id === value) ?? (picked?.id === value ? picked : null));
  const knownName = value !== null && known?.id === value ? known.name : '';
  const options = useMemo(() => {
    const list = rows.map((row) => ({ value: String(row.id), label: optionLabel(row) }));
    if (value !== null && !rows.some((row) => row.id === value)) {
      list.unshift({ value: String(value), label: current ? optionLabel(current) : knownName || unknownLabel });
    }
    return list;
  }, [rows, value, current, knownName, unknownLabel, optionLabel]);
  const name = value === null ? null : current?.name || knownName || unknownLabel;
  const pick = (id: number | null) => setPicked(rows.find((row) => row.id === id) ?? (id !== null && id === current?.id ? current : null));
  return { options, current, name, pick };
}

export interface RefSearchSelectProps<T extends { id: number; name: string }> {
  label: string;
  /** The search field's name, e.g. 'Rechercher un projet'. */
  searchLabel: string;
  /** The empty choice ('Tous les projets', '— Aucun projet'). */
  placeholderOption: string;
  /** What the options read while the first matches load. */
  loadingOption: string;
  useSearch: UseRefSearch<T>;
  value: number | null;
  /** The id chosen, with its row when the search lists it. */
  onChange: (id: number | null, row: T | null) => void;
  /** The record's own choice ({id, name}): named even before (or without) the search listing it. */
  known?: NamedRef | null;
  /** The label of a chosen id nothing names. */
  unknownLabel: string;
  id?: string;
  hint?: ReactNode;
  error?: string | null;
  disabled?: boolean;
}

/**
 * One record chosen among the server's (issue 29): `SearchSelect` over `useSearch`'s first 20
 * matches, what is typed sent once typing pauses, « Afficher la suite » for 20 more; the chosen
 * one stays listed whatever the search shows (`useKeptChoice`).
 */
export function RefSearchSelect<T extends { id: number; name: string }>({
  label, searchLabel, placeholderOption, loadingOption, useSearch, value, onChange, known, unknownLabel, id, hint, error, disabled,
}: RefSearchSelectProps<T>) {
  const [typed, setTyped] = useState('');
  const found = useSearch(typed);
  const { options, pick } = useKeptChoice(found.rows, value, known, unknownLabel);
  return (
    <SearchSelect
      id={id}
      label={label}
      searchLabel={searchLabel}
      search={typed}
      onSearch={setTyped}
      matches={found}
      placeholderOption={found.isLoading ? loadingOption : placeholderOption}
      options={options}
      value={value === null ? '' : String(value)}
      hint={hint}
      error={error}
      disabled={disabled}
      onChange={(event) => {
        const chosen = event.target.value ? Number(event.target.value) : null;
        pick(chosen);
        onChange(chosen, found.rows.find((row) => row.id === chosen) ?? null);
      }}
    />
  );
}
