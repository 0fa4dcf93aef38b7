// Query keys shared by two features: the cover letter is edited by the document editor and put back by a revision
// restore in the sale editor (which then drops the cached letter).
export const coverLetterKey = (saleId: string) => ['sale', saleId, 'document'] as const;
