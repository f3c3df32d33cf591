import { useGetContactQuery } from '../contacts';
import { useGetProjectQuery } from '../projects';
import { formatMoney } from '@/client/lib/format';

/**
 * What a task without a rate of its own is billed at (issue 28), as « Facturer le temps » decides
 * on the server: its project's rate, else the billed client's — the project's only client, or
 * whichever is chosen when billing a project of several. Null: nothing to inherit (0 €).
 */
export function useInheritedRateHint(projectId: string): string | null {
  // The project alone (issue 29: no whole list), shared with its page's cache entry.
  const { data: project } = useGetProjectQuery(Number(projectId), { skip: !projectId });
  const onlyClient = project && !(project.hourly_rate > 0) && project.contacts.length === 1 ? project.contacts[0] : null;
  const { data: client } = useGetContactQuery(onlyClient?.id ?? 0, { skip: !onlyClient });
  if (!project) return null;
  if (project.hourly_rate > 0) return `Sans tarif propre : ${formatMoney(project.hourly_rate)} de l’heure, le tarif du projet « ${project.name} ».`;
  if (project.contacts.length > 1) return 'Sans tarif propre : le tarif du client à qui le temps sera facturé.';
  if (onlyClient && client && client.hourly_rate > 0) {
    return `Sans tarif propre : ${formatMoney(client.hourly_rate)} de l’heure, le tarif du client « ${client.name} ».`;
  }
  return null;
}
