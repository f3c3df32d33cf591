import { XMLParser } from 'fast-xml-parser';

/**
 * Reading the XML a platform or a supplier sends (lifecycle messages, CII and UBL invoices) with
 * fast-xml-parser: namespace prefixes dropped (a sender picks its own), every value kept as written
 * (an id like 0003 stays text), never a DTD (none of these formats uses one: refused before parsing,
 * so no entity is ever expanded), and a size bound checked before any work.
 */

/** Thrown with a French reason when what came is not readable XML of the expected kind. */
export class UnreadableXmlError extends Error {}

export type XmlNode = Record<string, unknown>;

export function xmlReader(options: { repeated: ReadonlySet<string>; maxBytes: number; what: string }) {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    isArray: (name) => options.repeated.has(name),
  });
  return (xml: string): XmlNode => {
    if (Buffer.byteLength(xml) > options.maxBytes) throw new UnreadableXmlError(`${options.what} trop volumineux.`);
    const text = xml.replace(/^\uFEFF/, '');
    if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new UnreadableXmlError(`${options.what} refusé : il déclare une DTD.`);
    try {
      return parser.parse(text, true) as XmlNode;
    } catch (error) {
      throw new UnreadableXmlError(`XML illisible : ${(error as Error).message.slice(0, 200)}`);
    }
  };
}

/** The one element `name` under `node` (the first when it repeats). */
export function child(node: unknown, name: string): XmlNode | undefined {
  const value = (node as XmlNode | undefined)?.[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first && typeof first === 'object' ? (first as XmlNode) : undefined;
}

/** Every element `name` under `node`, one or several. */
export function children(node: unknown, name: string): unknown[] {
  const value = (node as XmlNode | undefined)?.[name];
  return Array.isArray(value) ? value : value === undefined ? [] : [value];
}

/** An element's text, whether it has attributes (`{'#text': …}`) or not. */
export function textOf(value: unknown): string | null {
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first === 'string') return first;
  if (first && typeof first === 'object' && typeof (first as XmlNode)['#text'] === 'string') return (first as XmlNode)['#text'] as string;
  return null;
}

/** The text of the element at `path` under `node` (`'A/B/C'`), or null. */
export function textAt(node: unknown, path: string): string | null {
  const names = path.split('/');
  let current: unknown = node;
  for (const name of names.slice(0, -1)) current = child(current, name);
  return textOf((current as XmlNode | undefined)?.[names[names.length - 1]]);
}

/** An attribute of the element at `path`, or null. */
export function attributeAt(node: unknown, path: string, attribute: string): string | null {
  let current: unknown = node;
  for (const name of path.split('/')) current = child(current, name);
  const value = (current as XmlNode | undefined)?.[`@${attribute}`];
  return typeof value === 'string' ? value : null;
}
