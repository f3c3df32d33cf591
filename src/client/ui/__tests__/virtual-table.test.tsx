import { render, screen, waitFor, within } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { DataTable, ESTIMATED_ROW_HEIGHT, FIRST_COMMIT_ROWS } from '../table';
import { lightTheme } from '../theme';
import { VirtualRows } from '../virtual-rows';

interface Row {
  id: number;
  name: string;
}
const rows: Row[] = Array.from({ length: 5000 }, (_, i) => ({ id: i + 1, name: `Ligne ${String(i + 1).padStart(4, '0')}` }));
const columns = [{ key: 'name', header: 'Nom' }];

const renderTable = (virtualize: boolean, data: Row[] = rows) =>
  render(
    <ThemeProvider theme={lightTheme}>
      <DataTable caption="Lignes" columns={columns} rows={data} rowKey={(r) => r.id} virtualize={virtualize ? VirtualRows : undefined} />
    </ThemeProvider>,
  );

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').filter((r) => r.getAttribute('data-index') !== null);

describe('DataTable virtualization', () => {
  it('renders only the rows near the viewport for long lists, and still sorts the whole list', async () => {
    renderTable(true);
    const visible = bodyRows();
    expect(visible.length).toBeGreaterThan(5);
    expect(visible.length).toBeLessThan(100);
    expect(visible[0]).toHaveTextContent('Ligne 0001');
    expect(screen.getByRole('table')).toHaveAttribute('aria-rowcount', '5001');

    await userEvent.click(screen.getByRole('button', { name: /Nom/ }));
    await userEvent.click(screen.getByRole('button', { name: /Nom/ }));
    expect(bodyRows()[0]).toHaveTextContent('Ligne 5000');
  });

  it('renders every row when the list is short or virtualization is off', () => {
    renderTable(true, rows.slice(0, 60));
    expect(bodyRows()).toHaveLength(60);
  });
});

describe('DataTable first commit', () => {
  it('commits a screenful of rows first, the place of the others held, then every row', async () => {
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    // Outside act: act would run the deferred render before returning, hiding the first commit.
    const reactActEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    try {
      flushSync(() =>
        root.render(
          <ThemeProvider theme={lightTheme}>
            <DataTable caption="Lignes" columns={columns} rows={rows.slice(0, 50)} rowKey={(r) => r.id} virtualize={VirtualRows} />
          </ThemeProvider>,
        ),
      );
      expect(bodyRows()).toHaveLength(FIRST_COMMIT_ROWS);
      expect(screen.getByTestId('rows-to-come')).toHaveStyle({ height: `${(50 - FIRST_COMMIT_ROWS) * ESTIMATED_ROW_HEIGHT}px` });
      await waitFor(() => expect(bodyRows()).toHaveLength(50));
      expect(bodyRows()[49]).toHaveTextContent('Ligne 0050');
      expect(screen.queryByTestId('rows-to-come')).toBeNull();
    } finally {
      flushSync(() => root.unmount());
      container.remove();
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = reactActEnvironment;
    }
  });
});
