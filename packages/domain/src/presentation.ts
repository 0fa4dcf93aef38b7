// How a section is presented to the customer (docs/product/rules.md#section-presentation, decision 0032):
// - details: its lines with quantity, unit price, discount and subtotal (a new section's default);
// - quantities: its lines with their quantities, no prices; the section's subtotal;
// - total: one line with the section's name and total (what `show_details: false` always meant);
// - optional: printed under an "Optional" heading after the main sections with its own subtotal, and NOT counted in
//   the sale's total (Odoo's optional products: sale.order.option on 18, an is_optional section on 19).
// `show_details` stays in the API, derived: false exactly when the presentation is `total`.

export const SECTION_PRESENTATIONS = ['details', 'quantities', 'total', 'optional'] as const;
export type SectionPresentation = (typeof SECTION_PRESENTATIONS)[number];

export const DEFAULT_PRESENTATION: SectionPresentation = 'details';

/** The labels the editors and the revision history show. */
export const PRESENTATION_LABELS: Readonly<Record<SectionPresentation, string>> = Object.freeze({
  details: 'Details',
  quantities: 'Quantities only',
  total: 'Total only',
  optional: 'Optional',
});

export function isSectionPresentation(x: unknown): x is SectionPresentation {
  return typeof x === 'string' && (SECTION_PRESENTATIONS as readonly string[]).includes(x);
}

/** `show_details` as the API has always answered it: false exactly when the section prints as its total. */
export function showDetailsOf(presentation: SectionPresentation): boolean {
  return presentation !== 'total';
}

/** An optional section: not counted in the sale's total. A section without a presentation counts. */
export function isOptionalSection(section: {
  readonly presentation?: SectionPresentation | null | undefined;
}): boolean {
  return section.presentation === 'optional';
}

/**
 * The presentation a request asks for, from `presentation` and/or the older `show_details` (clients that predate
 * presentations): `presentation` wins; `show_details: false` is `total`; `show_details: true` turns a `total` section
 * back to `details` and leaves any other presentation as it is. `current` is the section's presentation (undefined
 * for a new section). Undefined when the request sets neither.
 */
export function presentationOfRequest(
  input: { presentation?: SectionPresentation | undefined; show_details?: boolean | undefined },
  current?: SectionPresentation,
): SectionPresentation | undefined {
  if (input.presentation !== undefined) return input.presentation;
  if (input.show_details === undefined) return undefined;
  if (!input.show_details) return 'total';
  return current === undefined || current === 'total' ? DEFAULT_PRESENTATION : current;
}

/** A request's `presentation` and `show_details` contradict each other (show_details false but not `total`…). */
export function isPresentationContradiction(input: {
  presentation?: SectionPresentation | undefined;
  show_details?: boolean | undefined;
}): boolean {
  return (
    input.presentation !== undefined &&
    input.show_details !== undefined &&
    input.show_details !== showDetailsOf(input.presentation)
  );
}
