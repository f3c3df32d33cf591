import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import type { NamedRef } from '@/shared/contracts/common';
import { EMPTY_VALUE } from '../lib/format';

export interface RefLinksProps {
  refs: readonly NamedRef[];
  /** Route prefix, e.g. '/contacts'. */
  basePath: string;
  /** Shown when there is none ('—' by default). */
  empty?: string;
}

/** Links to each record, comma separated (list cells). */
export function RefLinks({ refs, basePath, empty = EMPTY_VALUE }: RefLinksProps) {
  if (refs.length === 0) return <>{empty}</>;
  return (
    <>
      {refs.map((ref, index) => (
        <Fragment key={ref.id}>
          {index > 0 && ', '}
          <Link to={`${basePath}/${ref.id}`}>{ref.name}</Link>
        </Fragment>
      ))}
    </>
  );
}
