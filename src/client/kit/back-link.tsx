import { useLocation } from 'react-router-dom';
import { ButtonLink } from '@/client/ui/button';
import { IconChevronLeft } from '@/client/ui/icons';

/** Where a page's back link leads, and what it says. */
export interface BackTarget {
  to: string;
  label: string;
}

/**
 * The navigation state a link gives the page it opens, so that the page's back link returns
 * where the user came from (issue 28): `<Link to="/contacts/3" state={backState('/contacts',
 * 'Retour aux contacts')}>`.
 */
export const backState = (to: string, label: string): { back: BackTarget } => ({ back: { to, label } });

function readBackTarget(state: unknown): BackTarget | null {
  if (typeof state !== 'object' || state === null || !('back' in state)) return null;
  const back = (state as { back: unknown }).back;
  if (typeof back !== 'object' || back === null) return null;
  const { to, label } = back as Partial<BackTarget>;
  // Only a path of this app (never another origin).
  return typeof to === 'string' && to.startsWith('/') && !to.startsWith('//') && typeof label === 'string' && label ? { to, label } : null;
}

/** The page's back link: where the link that opened it said (backState), else `fallback`. */
export function BackLink({ fallback }: { fallback: BackTarget }) {
  const { state } = useLocation();
  const target = readBackTarget(state) ?? fallback;
  return (
    <ButtonLink to={target.to} variant="ghost">
      <IconChevronLeft size={16} />
      {target.label}
    </ButtonLink>
  );
}
