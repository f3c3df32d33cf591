import { FACTUR_X_FILE_NAME } from './factur-x';

/**
 * PDF/A-3b specifics. pdfkit (`subset: 'PDF/A-3b'`) writes the pdfaid XMP, the sRGB
 * OutputIntent (its bundled sRGB IEC61966-2.1 ICC profile, read once per process) and, for
 * `doc.file()`, the Filespec with /AFRelationship plus the catalog's /AF array. What Factur-X
 * adds is here: the embedded XML and its XMP properties with their PDF/A extension schema.
 */

export const PDFA_OPTIONS = { subset: 'PDF/A-3b', pdfVersion: '1.7', lang: 'fr-FR' } as const;

const FX_NAMESPACE = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';

const fxProperty = (name: string, description: string) => `
              <rdf:li rdf:parseType="Resource">
                <pdfaProperty:name>${name}</pdfaProperty:name>
                <pdfaProperty:valueType>Text</pdfaProperty:valueType>
                <pdfaProperty:category>external</pdfaProperty:category>
                <pdfaProperty:description>${description}</pdfaProperty:description>
              </rdf:li>`;

/** The XMP blocks that declare the PDF as a Factur-X EN 16931 invoice. */
export const FACTUR_X_XMP = `
        <rdf:Description rdf:about=""
            xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/"
            xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#"
            xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
          <pdfaExtension:schemas>
            <rdf:Bag>
              <rdf:li rdf:parseType="Resource">
                <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
                <pdfaSchema:namespaceURI>${FX_NAMESPACE}</pdfaSchema:namespaceURI>
                <pdfaSchema:prefix>fx</pdfaSchema:prefix>
                <pdfaSchema:property>
                  <rdf:Seq>${fxProperty('DocumentFileName', 'The name of the embedded XML document')}${fxProperty(
                    'DocumentType',
                    'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER',
                  )}${fxProperty('Version', 'The actual version of the standard applying to the embedded XML document')}${fxProperty(
                    'ConformanceLevel',
                    'The conformance level of the embedded XML document',
                  )}
                  </rdf:Seq>
                </pdfaSchema:property>
              </rdf:li>
            </rdf:Bag>
          </pdfaExtension:schemas>
        </rdf:Description>
        <rdf:Description rdf:about="" xmlns:fx="${FX_NAMESPACE}">
          <fx:DocumentType>INVOICE</fx:DocumentType>
          <fx:DocumentFileName>${FACTUR_X_FILE_NAME}</fx:DocumentFileName>
          <fx:Version>1.0</fx:Version>
          <fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>
        </rdf:Description>`;

/** Embeds the Factur-X XML: Filespec with /AFRelationship, /AF on the catalog, XMP properties. */
export function attachFacturX(doc: PDFKit.PDFDocument, xml: string, date: Date): void {
  // `relationship` is pdfkit's (writes /AFRelationship) but missing from @types/pdfkit.
  const options: PDFKit.Mixins.PDFAttachmentOptions & { relationship: string } = {
    name: FACTUR_X_FILE_NAME,
    type: 'text/xml',
    description: 'Factur-X invoice',
    // EN 16931 XML is a full alternative representation of the invoice's content.
    relationship: 'Alternative',
    creationDate: date,
    modifiedDate: date,
  };
  doc.file(Buffer.from(xml, 'utf8'), options);
  doc.appendXML(FACTUR_X_XMP);
}
