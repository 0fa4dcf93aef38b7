import type { CustomerDto, RouteInput, saleLinesApi, salesApi } from '@quotewright/contracts';

export type {
  LineDto as SaleLine,
  LineKind,
  Ref,
  SaleDto as Sale,
  SectionDto as SaleSection,
} from '@quotewright/contracts';

/**
 * The header fields of a sale as POST /api/sales and /api/sales/{id} take them, every one of them (the info panel
 * edits them all; it sends a new sale all of them, a saved one those changed).
 */
export type SaleHeader = Required<Omit<RouteInput<typeof salesApi.update>['body'], 'base' | 'overwrite'>>;

/**
 * A header edit as POST /api/sales/{id} takes it: the fields to set, `base` the values they were based on (what the
 * panel showed when editing started: a change since is refused), `overwrite` when the person chose to replace
 * someone else's value.
 */
export type SaleHeaderEdit = RouteInput<typeof salesApi.update>['body'];

/** A customer with its invoice and delivery addresses (GET /api/partners/customers). */
export type Customer = CustomerDto;

/**
 * One line's edit as POST /api/sales/lines/update takes it: the fields to set, `base` the values they were based on
 * (what the cell showed when editing started: a change since is refused), `overwrite` when the person chose to
 * replace someone else's value.
 */
export type LineChanges = RouteInput<typeof saleLinesApi.update>['body'][number];
