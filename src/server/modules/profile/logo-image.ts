import type { Metadata } from 'sharp';
import { badRequest } from '@/server/http/errors';
import { BRANDING_MESSAGES as M, LOGO_MAX_SIDE } from '@/shared/branding';

/**
 * A logo upload made safe (issue 28): only a real PNG, JPEG or SVG (magic bytes, then decoding),
 * an SVG only without script, event handler or external reference (librsvg would fetch a
 * referenced file), no more than MAX_PIXELS (a small file can declare a huge image: a
 * decompression bomb), then re-encoded to a PNG that fits within LOGO_MAX_SIDE, on white (no
 * transparency: PDF/A), metadata dropped. What is stored and served is that PNG, never an SVG.
 */

const MAX_PIXELS = 25_000_000;

type Kind = 'png' | 'jpeg' | 'svg';

function kindOf(bytes: Buffer): Kind | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  // An SVG is text: optional BOM, XML declaration, comments or doctype-free prologue, then <svg.
  const head = bytes.subarray(0, 2048).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  if (/^(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(head)) return 'svg';
  return null;
}

/** What librsvg would run or fetch, or what an XML parser would expand. */
const UNSAFE_SVG = [
  /<script/i,
  /<!DOCTYPE/i,
  /<!ENTITY/i,
  /<foreignObject/i,
  /<(iframe|embed|object)\b/i,
  /\son[a-z]+\s*=/i,
  /javascript:/i,
  /@import/i,
  // Any reference that is not to an element of the document itself.
  /(?:xlink:)?href\s*=\s*["'](?!#)/i,
  /url\(\s*["']?(?!#)/i,
  /<\?xml-stylesheet/i,
];

export interface LogoImage {
  png: Buffer;
  width: number;
  height: number;
}

export async function logoFromUpload(bytes: Buffer): Promise<LogoImage> {
  if (!bytes.length) throw badRequest({ logo: [M.logoEmpty] });
  const kind = kindOf(bytes);
  if (!kind) throw badRequest({ logo: [M.logoType] });
  if (kind === 'svg') {
    const text = bytes.toString('utf8');
    if (UNSAFE_SVG.some((pattern) => pattern.test(text))) throw badRequest({ logo: [M.logoSvgUnsafe] });
  }
  // sharp (a native library) loaded on the first logo, not with the app.
  const { default: sharp } = await import('sharp');
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw badRequest({ logo: [M.logoUnreadable] });
  }
  const expected = kind === 'svg' ? 'svg' : kind;
  if (meta.format !== expected || !meta.width || !meta.height) throw badRequest({ logo: [M.logoUnreadable] });
  if (meta.width * meta.height > MAX_PIXELS) throw badRequest({ logo: [M.logoTooLarge] });
  // An SVG is drawn at the density that makes it fill the box, not at its own (often tiny) size.
  const density = kind === 'svg' ? Math.min(72 * 8, Math.max(1, (72 * LOGO_MAX_SIDE) / Math.max(meta.width, meta.height))) : undefined;
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error', ...(density ? { density } : {}) })
      .rotate()
      .resize(LOGO_MAX_SIDE, LOGO_MAX_SIDE, { fit: 'inside', withoutEnlargement: kind !== 'svg' })
      .flatten({ background: '#ffffff' })
      .png({ compressionLevel: 9 })
      .toBuffer({ resolveWithObject: true });
    return { png: data, width: info.width, height: info.height };
  } catch {
    throw badRequest({ logo: [M.logoUnreadable] });
  }
}
