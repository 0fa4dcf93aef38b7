// A sale's cover letter (decision 0015, /sale/documents/{id}): paragraphs of text runs, plain or bold — what the
// minimal rich-text editor makes. Printed as the first page of the customer PDF. Structured, never HTML.
import { z } from 'zod';

export const COVER_LETTER_MAX_PARAGRAPHS = 300;
export const COVER_LETTER_MAX_RUNS = 200;
/** All the text of a letter, in characters. */
export const COVER_LETTER_MAX_TEXT = 20_000;

export const coverLetterRunSchema = z.strictObject({
  text: z.string().max(COVER_LETTER_MAX_TEXT),
  bold: z.boolean().optional(),
});
export type CoverLetterRun = z.infer<typeof coverLetterRunSchema>;
export type CoverLetterBody = CoverLetterRun[][];

export const coverLetterBodySchema = z
  .array(z.array(coverLetterRunSchema).max(COVER_LETTER_MAX_RUNS), 'The letter must be a list of paragraphs')
  .max(COVER_LETTER_MAX_PARAGRAPHS, `A letter holds at most ${COVER_LETTER_MAX_PARAGRAPHS} paragraphs`)
  .refine(
    (paragraphs) => paragraphs.flat().reduce((n, r) => n + r.text.length, 0) <= COVER_LETTER_MAX_TEXT,
    `A letter holds at most ${COVER_LETTER_MAX_TEXT.toLocaleString('en-US')} characters`,
  );

export const coverLetterInputSchema = z.strictObject({ body: coverLetterBodySchema });

export const coverLetterSchema = z.object({
  body: coverLetterBodySchema,
  /** Null when no letter was saved for the sale. */
  updated_on: z.string().nullable(),
  updated_by: z.object({ name: z.string() }).nullable(),
});
export type CoverLetter = z.infer<typeof coverLetterSchema>;

/** Whether a letter prints anything (only blank text: no cover page). */
export const coverLetterIsEmpty = (body: CoverLetterBody): boolean =>
  body.every((p) => p.every((r) => r.text.trim() === ''));
