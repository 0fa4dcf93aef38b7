// A number typed into a lines table: a sale's cell or the template's line dialog. Both read "1,234.50", "$12" and
// "35%" as numbers, refuse what is not a number with the same sentence, and check the column's bounds as the server
// does (packages/domain NUMERIC_FIELDS, decision 0010) before anything is sent.
import { type NumericField, parseNumberInput as parseLimitedNumber } from '@quotewright/domain';

/** A typed value that is not a number at all. */
export const ENTER_A_NUMBER = 'Enter a number, such as 2, -1 or 12.50';

/** A number typed by a user ("1,234.50", "$12", "35%") as a decimal string, or null. */
export function parseNumberInput(text: string): string | null {
  const cleaned = text.replace(/[$,%\s]/g, '');
  if (cleaned === '' || !/^-?\d*\.?\d+$|^-?\d+\.$/.test(cleaned)) return null;
  const n = Number(cleaned);
  return Number.isFinite(n) ? cleaned.replace(/\.$/, '') : null;
}

export type NumberCheck = { ok: true; value: string } | { ok: false; message: string };

/**
 * A typed number as it will be sent (`value`, parseNumberInput's), or why it is refused: not a number, the field's
 * own rule (`rule`, e.g. a discount's 0..100: the reason, or undefined), or outside its column's bounds.
 */
export function checkNumberInput(
  text: string,
  limits: NumericField,
  rule?: (value: string) => string | undefined,
): NumberCheck {
  const value = parseNumberInput(text);
  if (value === null) return { ok: false, message: ENTER_A_NUMBER };
  const refused = rule?.(value);
  if (refused !== undefined) return { ok: false, message: refused };
  const checked = parseLimitedNumber(value, limits);
  if (checked.ok) return { ok: true, value };
  return { ok: false, message: checked.problem === 'type' ? ENTER_A_NUMBER : checked.message };
}
