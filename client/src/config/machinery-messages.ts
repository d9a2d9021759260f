/**
 * The machinery buyer's strings (issue 48): a product's documents, spare parts and accessories, on the product page's
 * lazily loaded section and in the admin's product form. Only lazy code uses them.
 */
export const machineryMessages = {
  product: {
    documents: 'Documents',
    kinds: { manual: 'Manual', datasheet: 'Datasheet', certificate: 'Certificate', warranty: 'Warranty', other: 'Document' } as Record<string, string>,
    /** A document's kind and size, beside its name. */
    documentMeta: (kind: string, size: string) => `${kind}, PDF, ${size}`,
    opensInNewTab: '(opens in a new tab)',
    parts: 'Spare parts',
    accessories: 'Accessories',
    fits: 'Fits:',
    loadFailed: 'We could not load the spare parts right now.',
  },
  admin: {
    documents: 'Documents',
    documentName: 'Document name',
    documentKind: 'Kind',
    documentFile: 'PDF file',
    upload: 'Upload document',
    uploading: 'Uploading…',
    uploaded: 'Document uploaded',
    deleteDocument: (name: string) => `Delete document ${name}`,
    deleted: 'Document deleted',
    deleteButton: 'Delete',
    noDocuments: 'No documents yet.',
    nameRequired: 'Document name is Required',
    fileRequired: 'Choose a PDF file',
    parts: 'Spare parts',
    accessories: 'Accessories',
    linksHint: 'Search by name or SKU',
    oemNumbers: 'OEM part numbers',
    oemHint: 'Separate numbers with commas',
  },
};

/** A size in bytes as a person reads it: "820 KB", "2.4 MB". */
export function formatBytes(n: number): string {
  if (n < 1000) return `${n} B`;
  if (n < 1_000_000) return `${Math.round(n / 1000)} KB`;
  return `${(n / 1_000_000).toFixed(1)} MB`;
}

/** The admin form's lines of issue 48 that take values. */
export const machineryAdminMessages = {
  partsHint: 'SKUs or product ids, separated by commas',
  unknownProducts: (refs: string[]) => `No product has the SKU ${refs.join(', ')}`,
  savePartsButton: 'Save spare parts',
  partsSaved: 'Spare parts saved',
  saveFailed: 'The spare parts were not saved',
  uploadFailed: 'The document was not uploaded',
  deleteFailed: 'The document was not deleted',
};
