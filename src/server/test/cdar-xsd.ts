import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';

/** The UN/CEFACT D22B schema of lifecycle (CDAR) messages, copied from ../shared/einvoicing/cdar-d22b. */
const XSD_DIR = path.join(__dirname, '..', 'einvoicing', 'xsd', 'cdar-d22b');
const MAIN_XSD = 'CrossDomainAcknowledgementAndResponse_100pD22B.xsd';

/** What xmllint says of a CDAR message against the D22B XSD: [] when it is valid. */
export async function cdarXsdErrors(xml: string): Promise<string[]> {
  const files = readdirSync(XSD_DIR).map((fileName) => ({ fileName, contents: readFileSync(path.join(XSD_DIR, fileName), 'utf8') }));
  const result = await validateXML({
    xml: [{ fileName: 'message.xml', contents: xml }],
    schema: files.filter((f) => f.fileName === MAIN_XSD),
    preload: files.filter((f) => f.fileName !== MAIN_XSD),
  });
  return result.errors.map((e) => e.rawMessage);
}
