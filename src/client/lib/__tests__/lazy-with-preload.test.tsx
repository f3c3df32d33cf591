import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { lazyWithPreload, preloadOn } from '../lazy-with-preload';

function Greeting({ name }: { name: string }) {
  return <p>Bonjour {name}</p>;
}

describe('lazyWithPreload', () => {
  it('downloads once, on the button’s hover or focus, and renders from that download', async () => {
    const load = jest.fn(() => Promise.resolve({ Greeting, other: 1 }));
    const LazyGreeting = lazyWithPreload(load, 'Greeting');
    render(<button {...preloadOn(LazyGreeting)}>Ouvrir</button>);
    expect(load).not.toHaveBeenCalled();

    const user = userEvent.setup();
    await user.hover(screen.getByRole('button', { name: 'Ouvrir' }));
    expect(load).toHaveBeenCalledTimes(1);
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Ouvrir' }));
    expect(load).toHaveBeenCalledTimes(1);

    render(
      <Suspense fallback={<p>Chargement</p>}>
        <LazyGreeting name="Marie" />
      </Suspense>,
    );
    expect(await screen.findByText('Bonjour Marie')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries a failed download again on the next preload', async () => {
    const load = jest
      .fn<Promise<{ Greeting: typeof Greeting }>, []>()
      .mockRejectedValueOnce(new Error('réseau'))
      .mockResolvedValue({ Greeting });
    const LazyGreeting = lazyWithPreload(load, 'Greeting');

    await expect(LazyGreeting.preload()).rejects.toThrow('réseau');
    await expect(LazyGreeting.preload()).resolves.toEqual({ default: Greeting });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
