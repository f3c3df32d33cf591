import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { Button } from './button';
import { Spinner } from './spinner';

/** How far below the viewport the end of a list starts loading what follows (about ten rows ahead). */
const AHEAD = '600px 0px';

/**
 * Calls `onNearEnd` whenever the returned element comes within `AHEAD` of the viewport while
 * `enabled` (an IntersectionObserver: nothing runs while the user reads, only when the end comes
 * near). Without IntersectionObserver (old browsers, jsdom) nothing happens: the caller's button
 * remains the way on.
 */
export function useNearEnd<E extends Element>(onNearEnd: () => void, enabled: boolean) {
  const ref = useRef<E>(null);
  const callback = useRef(onNearEnd);
  useEffect(() => {
    callback.current = onNearEnd;
  });
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin: AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled]);
  return ref;
}

const StyledLoadMore = styled.div`
  display: flex;
  justify-content: center;
  min-height: 2.5rem;
  padding: ${({ theme }) => theme.spacing.md} 0;
`;

export interface LoadMoreProps {
  /** Whether the server has rows after the loaded ones. */
  hasMore: boolean;
  /** Whether the next rows are on their way. */
  loading: boolean;
  onLoadMore: () => void;
  /** The button's text (keyboard and screen-reader users, and browsers without IntersectionObserver). */
  label?: string;
}

/**
 * The end of a list loaded page by page (issue 29): the next page is asked for as this block
 * comes near the viewport, and a button does the same for whoever does not scroll.
 */
export function LoadMore({ hasMore, loading, onLoadMore, label = 'Afficher la suite' }: LoadMoreProps) {
  const ref = useNearEnd<HTMLDivElement>(onLoadMore, hasMore && !loading);
  if (!hasMore && !loading) return null;
  return (
    <StyledLoadMore ref={ref} data-testid="load-more">
      {loading ? (
        <Spinner label="Chargement…" size={18} inline />
      ) : (
        <Button size="sm" onClick={onLoadMore}>
          {label}
        </Button>
      )}
    </StyledLoadMore>
  );
}
