import type { SVGProps } from 'react';

/** Small inline icons (24×24, stroke = currentColor). Decorative: hidden from assistive tech. */
export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function makeIcon(paths: React.ReactNode, displayName: string) {
  function Icon({ size = 20, ...rest }: IconProps) {
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...rest}
      >
        {paths}
      </svg>
    );
  }
  Icon.displayName = displayName;
  return Icon;
}

export const IconDashboard = makeIcon(
  <>
    <rect x="3" y="3" width="7" height="9" rx="1.5" />
    <rect x="14" y="3" width="7" height="5" rx="1.5" />
    <rect x="14" y="12" width="7" height="9" rx="1.5" />
    <rect x="3" y="16" width="7" height="5" rx="1.5" />
  </>,
  'IconDashboard',
);
export const IconContacts = makeIcon(
  <>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20c.8-3.4 3.4-5.5 6.5-5.5s5.7 2.1 6.5 5.5" />
    <path d="M16 4.8a3.3 3.3 0 0 1 0 6.4M18 14.8c1.8.7 3 2.4 3.5 5.2" />
  </>,
  'IconContacts',
);
export const IconProjects = makeIcon(
  <path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />,
  'IconProjects',
);
export const IconTasks = makeIcon(
  <>
    <rect x="3.5" y="3.5" width="17" height="17" rx="2.5" />
    <path d="m8 12 3 3 5-6" />
  </>,
  'IconTasks',
);
export const IconQuotes = makeIcon(
  <>
    <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
    <path d="M14 3v5h5M9 13h6M9 17h4" />
  </>,
  'IconQuotes',
);
export const IconInvoices = makeIcon(
  <>
    <path d="M6 3h12v18l-3-2-3 2-3-2-3 2z" />
    <path d="M9 8h6M9 12h6M9 16h3" />
  </>,
  'IconInvoices',
);
/** A receipt with a minus sign: a credit note (avoir). */
export const IconCreditNote = makeIcon(
  <>
    <path d="M6 3h12v18l-3-2-3 2-3-2-3 2z" />
    <path d="M9 11h6" />
  </>,
  'IconCreditNote',
);
export const IconReports = makeIcon(<path d="M4 20h16M7 16v-5M12 16V6M17 16v-8" />, 'IconReports');
export const IconClock = makeIcon(<path d="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18ZM12 7v5l3 2" />, 'IconClock');
/** The catalogue (issue 28): a price tag. */
export const IconCatalogue = makeIcon(
  <>
    <path d="M3 12V4h8l10 10-8 8L3 12Z" />
    <circle cx="7.5" cy="8.5" r="1.5" />
  </>,
  'IconCatalogue',
);
export const IconActivity = makeIcon(<path d="M3 12h4l3-8 4 16 3-8h4" />, 'IconActivity');
export const IconPlus = makeIcon(<path d="M12 5v14M5 12h14" />, 'IconPlus');
export const IconUser = makeIcon(
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c1-4 4.2-6 8-6s7 2 8 6" />
  </>,
  'IconUser',
);
export const IconLogout = makeIcon(
  <>
    <path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3" />
    <path d="M10 16l-4-4 4-4M6 12h10" />
  </>,
  'IconLogout',
);
export const IconSun = makeIcon(
  <>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
  </>,
  'IconSun',
);
export const IconMoon = makeIcon(<path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z" />, 'IconMoon');
export const IconEye = makeIcon(
  <>
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </>,
  'IconEye',
);
export const IconEyeOff = makeIcon(
  <>
    <path d="M10.6 5.1A10.6 10.6 0 0 1 12 5c6.4 0 10 7 10 7a17 17 0 0 1-3 3.9M6.6 6.6A17 17 0 0 0 2 12s3.6 7 10 7a9.8 9.8 0 0 0 5.4-1.6" />
    <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2M3 3l18 18" />
  </>,
  'IconEyeOff',
);
export const IconSearch = makeIcon(
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </>,
  'IconSearch',
);
export const IconMenu = makeIcon(<path d="M4 6h16M4 12h16M4 18h16" />, 'IconMenu');
export const IconClose = makeIcon(<path d="M6 6l12 12M18 6 6 18" />, 'IconClose');
export const IconChevronDown = makeIcon(<path d="m6 9 6 6 6-6" />, 'IconChevronDown');
export const IconChevronLeft = makeIcon(<path d="m15 6-6 6 6 6" />, 'IconChevronLeft');
export const IconChevronRight = makeIcon(<path d="m9 6 6 6-6 6" />, 'IconChevronRight');
export const IconArrowUp = makeIcon(<path d="M12 19V5M6 11l6-6 6 6" />, 'IconArrowUp');
export const IconArrowDown = makeIcon(<path d="M12 5v14M6 13l6 6 6-6" />, 'IconArrowDown');
export const IconSort = makeIcon(<path d="m8 9 4-4 4 4M8 15l4 4 4-4" />, 'IconSort');
export const IconCheckCircle = makeIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="m8 12 3 3 5-6" />
  </>,
  'IconCheckCircle',
);
export const IconAlert = makeIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v6M12 16.5v.5" />
  </>,
  'IconAlert',
);
export const IconInbox = makeIcon(
  <>
    <path d="M3 13h5l1.5 3h5L16 13h5" />
    <path d="M5.5 5h13L21 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-6z" />
  </>,
  'IconInbox',
);
export const IconHome = makeIcon(
  <>
    <path d="M3 11 12 4l9 7" />
    <path d="M5 10v10h14V10" />
  </>,
  'IconHome',
);
export const IconLogo = makeIcon(
  <>
    <rect x="4" y="3" width="15" height="18" rx="2.5" />
    <path d="M8 3v18M11.5 8h4.5M11.5 12h4.5" />
  </>,
  'IconLogo',
);
