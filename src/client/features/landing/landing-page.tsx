import type { MouseEvent } from 'react';
import styled from 'styled-components';
import { useDocumentTitle } from '@/client/lib/use-document-title';
import { ButtonLink } from '@/client/ui/button';
import {
  IconContacts,
  IconDashboard,
  IconInvoices,
  IconLogo,
  IconProjects,
  IconQuotes,
  IconTasks,
} from '@/client/ui/icons';
import { FEATURES_ID, revealSection } from './reveal-section';

export const FEATURES = [
  {
    title: 'Gestion des contacts',
    text: 'Centralisez vos clients, prospects et partenaires, avec import et export CSV.',
    Icon: IconContacts,
  },
  {
    title: 'Gestion de projets',
    text: 'Suivez vos projets, leurs clients, budgets, revenus et échéances.',
    Icon: IconProjects,
  },
  {
    title: 'Suivi des tâches',
    text: 'Planifiez vos tâches, mesurez le temps passé et préparez leur facturation.',
    Icon: IconTasks,
  },
  {
    title: 'Création de devis',
    text: 'Rédigez des devis professionnels avec TVA, en PDF et envoyés par e-mail.',
    Icon: IconQuotes,
  },
  {
    title: 'Émission de factures',
    text: 'Transformez vos devis en factures en un clic, suivez les paiements et les relances.',
    Icon: IconInvoices,
  },
  {
    title: 'Tableau de bord',
    text: 'Visualisez vos projets en cours, vos prochaines tâches et vos factures impayées.',
    Icon: IconDashboard,
  },
] as const;

const StyledLanding = styled.div`
  display: flex;
  flex-direction: column;
`;

const StyledHero = styled.section`
  padding: ${({ theme }) => `${theme.spacing.xxxl} ${theme.spacing.lg}`};
  background: linear-gradient(
    180deg,
    ${({ theme }) => theme.colors.primarySoft} 0%,
    ${({ theme }) => theme.colors.bg} 100%
  );
`;

const StyledHeroInner = styled.div`
  max-width: 880px;
  margin: 0 auto;
  text-align: center;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.lg};

  h1 {
    font-size: ${({ theme }) => theme.typography.size.display};
    margin: 0;
    letter-spacing: -0.01em;
  }
`;

const StyledBrand = styled.p`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing.sm};
  margin: 0 0 ${({ theme }) => theme.spacing.lg};
  font-size: ${({ theme }) => theme.typography.size.xl};
  font-weight: ${({ theme }) => theme.typography.weight.bold};

  svg {
    color: ${({ theme }) => theme.colors.link};
  }
`;

const StyledLead = styled.p`
  max-width: 640px;
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.size.lg};
`;

const StyledCtas = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.spacing.md};
  margin-top: ${({ theme }) => theme.spacing.sm};
`;

const StyledFeatures = styled.section`
  max-width: ${({ theme }) => theme.layout.contentMaxWidth};
  width: 100%;
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.spacing.xxxl} ${theme.spacing.lg}`};
  scroll-margin-top: ${({ theme }) => theme.spacing.lg};

  h2 {
    text-align: center;
    margin-bottom: ${({ theme }) => theme.spacing.xxl};
  }
`;

const StyledGrid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 320px), 1fr));
  gap: ${({ theme }) => theme.spacing.lg};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const StyledFeatureCard = styled.li`
  padding: ${({ theme }) => theme.spacing.xl};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadows.sm};

  h3 {
    margin: ${({ theme }) => theme.spacing.md} 0 ${({ theme }) => theme.spacing.sm};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const StyledFeatureIcon = styled.span`
  display: inline-grid;
  place-items: center;
  width: 44px;
  height: 44px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.link};
`;

const StyledFooter = styled.footer`
  padding: ${({ theme }) => theme.spacing.xl};
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.size.sm};
  border-top: 1px solid ${({ theme }) => theme.colors.border};

  p {
    margin: 0;
  }
`;

export const LANDING_TITLE = 'Le CRM des indépendants';

/** Account creation: the sign-in page opened in its registration mode. */
export const REGISTER_PATH = '/login?mode=register';

/**
 * The landing page (SPEC 2, '/'). Visitors get it as static HTML, prerendered at build time
 * (landing-prerender.tsx → dist/public/landing.html, no store nor router at run time); the app
 * renders this same component when it navigates to '/' itself.
 */
export function LandingPage() {
  useDocumentTitle(LANDING_TITLE);

  const scrollToFeatures = (event: MouseEvent<HTMLAnchorElement>) => {
    const section = document.getElementById(FEATURES_ID);
    if (!section) return;
    event.preventDefault();
    revealSection(section);
  };

  return (
    <StyledLanding>
      <StyledHero aria-labelledby="landing-title">
        <StyledHeroInner>
          <StyledBrand>
            <IconLogo size={30} />
            Carnet
          </StyledBrand>
          <h1 id="landing-title">Simplifiez votre activité de freelance avec un seul outil</h1>
          <StyledLead>
            Contacts, projets, tâches, devis et factures : tout ce qu'il faut pour gérer votre activité
            d'indépendant, réuni au même endroit.
          </StyledLead>
          <StyledCtas>
            <ButtonLink to={REGISTER_PATH} variant="primary" size="lg">
              Démarrer gratuitement
            </ButtonLink>
            <ButtonLink to="/login" variant="secondary" size="lg">
              Connexion
            </ButtonLink>
          </StyledCtas>
          <a href={`#${FEATURES_ID}`} onClick={scrollToFeatures}>
            Voir les fonctionnalités
          </a>
        </StyledHeroInner>
      </StyledHero>

      <StyledFeatures id={FEATURES_ID} tabIndex={-1} aria-labelledby="features-title">
        <h2 id="features-title">Fonctionnalités</h2>
        <StyledGrid>
          {FEATURES.map(({ title, text, Icon }) => (
            <StyledFeatureCard key={title}>
              <StyledFeatureIcon aria-hidden="true">
                <Icon size={22} />
              </StyledFeatureIcon>
              <h3>{title}</h3>
              <p>{text}</p>
            </StyledFeatureCard>
          ))}
        </StyledGrid>
      </StyledFeatures>

      <StyledFooter>
        <p>Carnet — le CRM des indépendants et petites entreprises.</p>
      </StyledFooter>
    </StyledLanding>
  );
}
