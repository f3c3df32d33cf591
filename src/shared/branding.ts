/**
 * Issue 28: documents that look like the freelancer's. The accent colour of PDFs and e-mails
 * (headings, rules, the total's band, white text on it) and the logo's limits.
 */

/** The colour every PDF used before issue 28, and the default of every account. */
export const DEFAULT_ACCENT_COLOR = '#1e4e8c';

/** The largest logo file accepted (before it is re-encoded). */
export const LOGO_MAX_BYTES = 1024 * 1024;
/** The stored logo fits within this square (pixels). */
export const LOGO_MAX_SIDE = 600;

export const BRANDING_MESSAGES = {
  colorFormat: 'Saisissez une couleur au format #RRGGBB (par exemple #1e4e8c).',
  colorContrast: (ratio: string) =>
    `Cette couleur est trop claire : le texte blanc posé dessus ne serait pas lisible (contraste ${ratio}:1, 4,5:1 au moins). Choisissez une teinte plus foncée.`,
  logoTooBig: 'Le logo ne doit pas dépasser 1 Mo.',
  logoType: 'Le logo doit être une image PNG, JPEG ou SVG.',
  logoUnreadable: 'Ce fichier n’est pas une image lisible : envoyez une image PNG, JPEG ou SVG.',
  logoTooLarge: 'Cette image est trop grande (25 millions de pixels au plus) : réduisez-la avant de l’envoyer.',
  logoSvgUnsafe: 'Ce SVG contient des scripts ou des références externes : exportez-le sans script ni lien externe, ou envoyez un PNG.',
  logoEmpty: 'Choisissez un fichier image.',
} as const;

const HEX = /^#[0-9a-fA-F]{6}$/;
export const isHexColor = (value: string) => HEX.test(value);

/** WCAG 2 relative luminance of '#rrggbb'. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG 2 contrast ratio between two '#rrggbb' colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** The least contrast of white text on the accent (WCAG AA, normal text). */
export const MIN_ACCENT_CONTRAST = 4.5;

/** Why `value` can't be the accent colour (French), or null. */
export function accentColorError(value: string): string | null {
  if (!isHexColor(value)) return BRANDING_MESSAGES.colorFormat;
  const ratio = contrastRatio(value, '#ffffff');
  if (ratio < MIN_ACCENT_CONTRAST) return BRANDING_MESSAGES.colorContrast((Math.floor(ratio * 10) / 10).toLocaleString('fr-FR'));
  return null;
}
