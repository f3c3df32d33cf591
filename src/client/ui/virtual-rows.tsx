import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { ESTIMATED_ROW_HEIGHT, type VirtualRowsProps } from './table';

/**
 * tbody that renders only the visible rows (plus overscan), with spacer rows above and below
 * so the page scrolls as if every row were there. Scrolling is the window's, like a plain table.
 */
export function VirtualRows<T>({ rows, renderRow }: VirtualRowsProps<T>) {
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const body = bodyRef.current;
    if (body) setScrollMargin(body.getBoundingClientRect().top + window.scrollY);
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => ESTIMATED_ROW_HEIGHT,
    overscan: 12,
    scrollMargin,
  });
  // Measure real row heights (wrapped text); a row without layout (0 px, e.g. jsdom) keeps the estimate.
  const measure = useCallback(
    (el: Element | null) => {
      if (el && el.getBoundingClientRect().height > 0) virtualizer.measureElement(el);
    },
    [virtualizer],
  );
  const items = virtualizer.getVirtualItems();
  const before = items.length ? items[0].start - scrollMargin : 0;
  const after = items.length ? virtualizer.getTotalSize() - (items[items.length - 1].end - scrollMargin) : 0;
  return (
    <tbody ref={bodyRef}>
      {before > 0 && <tr aria-hidden="true" style={{ height: before }} />}
      {items.map((item) => renderRow(rows[item.index], item.index, measure))}
      {after > 0 && <tr aria-hidden="true" style={{ height: after }} />}
    </tbody>
  );
}
