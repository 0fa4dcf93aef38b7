import {
  type LineEditors,
  type Modules,
  NUMERIC_COLUMNS,
  type Preferences,
  type SectionPresentation,
} from '@quotewright/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull(),
    /** argon2id hash; null for accounts that only sign in through SSO. */
    passwordHash: text('password_hash'),
    isAdmin: boolean('is_admin').notNull().default(false),
    modules: jsonb('modules').$type<Modules>().notNull(),
    preferences: jsonb('preferences').$type<Preferences>().notNull(),
    /** Bumped on password change: tokens carrying an older version are refused. */
    tokenVersion: integer('token_version').notNull().default(0),
    azureId: text('azure_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), uniqueIndex('users_azure_id_key').on(t.azureId)],
);

/** Small key/value store for server-owned settings (e.g. the generated JWT secret). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** One-time codes that end an SSO sign-in; the SPA exchanges one for a token (decision 0006). */
export const loginCodes = pgTable('login_codes', {
  codeHash: text('code_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
});

/** SSO sign-ins in flight: keyed by sha256(state), single use, short-lived (docs/decisions/0006-sso.md). */
export const ssoStates = pgTable('sso_states', {
  stateHash: text('state_hash').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Browsers (signed device cookies) and addresses a user has signed in from with a password, as keyed hashes of the
 * device id or address: sign-in attempts from them are throttled apart from strangers'
 * (docs/decisions/0018-login-device-proof.md). Kept here so every process and a restart see them.
 */
export const loginKnownClients = pgTable(
  'login_known_clients',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'device' | 'address'>().notNull(),
    fingerprint: text('fingerprint').notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.fingerprint] })],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

// ─── Catalog, partners (fetched from the ERP; ids are the ERP's ids) ─────────────────────────────────────────────

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey(),
    model: text('model').notNull().default(''),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    category: text('category'),
    manufacturer: text('manufacturer'),
    /** The manufacturer's part number (MPN), from a configurable ERP field; trimmed, null when none. */
    partNumber: text('part_number'),
    price: numeric('price', NUMERIC_COLUMNS.price).notNull().default('0'),
    cost: numeric('cost', NUMERIC_COLUMNS.cost).notNull().default('0'),
    uom: text('uom'),
    active: boolean('active').notNull().default(true),
    isBundle: boolean('is_bundle').notNull().default(false),
    /** Hash of the fetched content: a re-fetch writes only rows whose hash changed. */
    contentHash: text('content_hash').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // The picker sorts by any of its columns; (column, id) serves ORDER BY column, id with LIMIT/OFFSET.
    index('products_model_idx').on(t.model, t.id),
    index('products_manufacturer_idx').on(t.manufacturer, t.id),
    index('products_description_idx').on(t.description, t.id),
    index('products_category_idx').on(t.category, t.id),
    index('products_price_idx').on(t.price, t.id),
    index('products_cost_idx').on(t.cost, t.id),
    index('products_search_idx').using(
      'gin',
      sql`(lower(${t.model} || ' ' || ${t.name} || ' ' || ${t.description} || ' ' || coalesce(${t.manufacturer}, '') || ' ' || coalesce(${t.category}, ''))) gin_trgm_ops`,
    ),
    // Pasted rows are matched by model (exact, case-insensitive) and by trigram similarity of model and name.
    index('products_model_lower_idx').on(sql`lower(${t.model})`),
    index('products_model_trgm_idx').using('gin', sql`lower(${t.model}) gin_trgm_ops`),
    index('products_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    // ... and then by the manufacturer's part number (exact, case-insensitive).
    index('products_part_number_lower_idx').on(sql`lower(${t.partNumber})`),
    // Quick-add suggestions: models starting with the typed text, in byte order (the same on every engine and locale),
    // read in index order.
    index('products_model_prefix_idx').on(sql`(lower(${t.model}) collate "C")`, t.id),
  ],
);

export const productRelated = pgTable(
  'product_related',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    relatedId: integer('related_id').notNull(),
    quantity: numeric('quantity', NUMERIC_COLUMNS.quantity).notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.position] })],
);

export const partners = pgTable('partners', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email'),
  active: boolean('active').notNull().default(true),
  // The customer block of customer documents (decision 0031): as the ERP has them, null when empty.
  street: text('street'),
  street2: text('street2'),
  zip: text('zip'),
  city: text('city'),
  state: text('state'),
  country: text('country'),
  vat: text('vat'),
  phone: text('phone'),
  /** The ERP's payment term of the customer (property_payment_term_id): a payment_terms id, not a foreign key. */
  paymentTermId: integer('payment_term_id'),
  contentHash: text('content_hash').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const partnerAddresses = pgTable(
  'partner_addresses',
  {
    id: integer('id').primaryKey(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').$type<'invoice' | 'delivery'>().notNull(),
    street: text('street'),
    street2: text('street2'),
    zip: text('zip'),
    city: text('city'),
    state: text('state'),
    country: text('country'),
    vat: text('vat'),
    email: text('email'),
    phone: text('phone'),
  },
  (t) => [index('partner_addresses_partner_idx').on(t.partnerId)],
);

/** The ERP's payment terms (account.payment.term), written by the contacts fetch; `note` is plain text. */
export const paymentTerms = pgTable('payment_terms', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  note: text('note').notNull().default(''),
  active: boolean('active').notNull().default(true),
  contentHash: text('content_hash').notNull(),
});

/**
 * The company of customer documents as the ERP describes it (decision 0031): one row (id 1), written by the
 * contacts fetch. The logo is the ERP's base64 image; the currency formats every amount of the documents.
 */
export const erpCompany = pgTable('erp_company', {
  id: integer('id').primaryKey().default(1),
  odooId: integer('odoo_id').notNull(),
  name: text('name').notNull(),
  street: text('street'),
  street2: text('street2'),
  zip: text('zip'),
  city: text('city'),
  state: text('state'),
  country: text('country'),
  countryCode: text('country_code'),
  vat: text('vat'),
  phone: text('phone'),
  email: text('email'),
  website: text('website'),
  companyRegistry: text('company_registry'),
  /** base64 (PNG, JPEG or SVG as the ERP keeps it); null when the company has no logo */
  logo: text('logo'),
  currencyName: text('currency_name').notNull(),
  currencySymbol: text('currency_symbol').notNull(),
  currencyPosition: text('currency_position').$type<'before' | 'after'>().notNull(),
  currencyDecimalPlaces: integer('currency_decimal_places').notNull(),
  currencyRounding: text('currency_rounding').notNull(),
  contentHash: text('content_hash').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const salespersons = pgTable('salespersons', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email'),
  active: boolean('active').notNull().default(true),
  contentHash: text('content_hash').notNull(),
});

export const quotationTemplates = pgTable('quotation_templates', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  active: boolean('active').notNull().default(true),
  contentHash: text('content_hash').notNull(),
});

// ─── Sales ───────────────────────────────────────────────────────────────────────────────────────────────────────

export const quoteNumberSeq = pgSequence('sale_quote_number_seq', { startWith: 1, increment: 1 });

export const sales = pgTable(
  'sales',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull().default(''),
    quoteNumber: text('quote_number').notNull(),
    state: text('state').$type<'draft' | 'sent' | 'sale' | 'done' | 'cancel'>().notNull().default('draft'),
    customerId: integer('customer_id'),
    customerName: text('customer_name'),
    invoiceId: integer('invoice_id'),
    invoiceName: text('invoice_name'),
    shippingId: integer('shipping_id'),
    shippingName: text('shipping_name'),
    templateId: integer('template_id'),
    templateName: text('template_name'),
    salespersonId: integer('salesperson_id'),
    salespersonName: text('salesperson_name'),
    templateIds: jsonb('template_ids').$type<{ _id: string; name: string }[]>().notNull().default([]),
    /** Cached for the list: recomputed by the service after every change. Without the optional sections. */
    totalPrice: numeric('total_price', NUMERIC_COLUMNS.total).notNull().default('0'),
    /** The optional sections' total (salePricing's optional_total), cached and written with total_price. */
    optionalTotal: numeric('optional_total', NUMERIC_COLUMNS.total).notNull().default('0'),
    version: integer('version').notNull().default(1),
    createdById: uuid('created_by_id'),
    createdByName: text('created_by_name'),
    updatedById: uuid('updated_by_id'),
    updatedByName: text('updated_by_name'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    odooId: integer('odoo_id'),
    odooName: text('odoo_name'),
    odooSynced: boolean('odoo_synced').notNull().default(false),
    odooSyncedOn: timestamp('odoo_synced_on', { withTimezone: true, mode: 'date' }),
    odooSyncError: boolean('odoo_sync_error').notNull().default(false),
    odooSyncMessage: text('odoo_sync_message'),
    /** Hash of the last ERP fetch of this order: a re-fetch with no change writes nothing. */
    odooContentHash: text('odoo_content_hash'),
    /**
     * The linked ERP order's creation time as the ERP reported it (never writable there): with its id and name, the
     * proof that an order brought in by the sales fetch is still the order this sale was made from before a sync
     * writes to it (an ERP restored or reset hands the same ids and names to other orders).
     */
    odooCreatedAt: text('odoo_created_at'),
    /** The status of the sale's latest approval request (decision 0030), null when it never had one. */
    approvalState: text('approval_state').$type<'pending' | 'approved' | 'rejected' | 'void'>(),
    /** Days the quotation is valid; null: the "Quote validity (days)" setting (decision 0031). */
    validityDays: integer('validity_days'),
    /**
     * The ERP's own figures of the linked order, read back after each successful publish/sync (decision 0031):
     * Odoo computes the taxes; they are never computed here. Null until the first publish/sync.
     */
    erpAmountUntaxed: numeric('erp_amount_untaxed', NUMERIC_COLUMNS.total),
    erpAmountTax: numeric('erp_amount_tax', NUMERIC_COLUMNS.total),
    erpAmountTotal: numeric('erp_amount_total', NUMERIC_COLUMNS.total),
    /** payment_term_id's name on the order (Odoo's default: the customer's), null when none */
    erpPaymentTerm: text('erp_payment_term'),
    /** validity_date of the order 'YYYY-MM-DD' */
    erpValidityDate: text('erp_validity_date'),
  },
  (t) => [
    uniqueIndex('sales_quote_number_key').on(t.quoteNumber),
    uniqueIndex('sales_odoo_id_key').on(t.odooId),
    index('sales_updated_idx').on(t.updatedAt),
    index('sales_state_idx').on(t.state),
    // The sales list sorts by any of its columns with the id as tie-breaker: one index per sort key keeps a
    // page an index scan at 100,000 sales.
    index('sales_name_idx').on(t.name, t.id),
    index('sales_customer_idx').on(t.customerName, t.id),
    index('sales_salesperson_idx').on(t.salespersonName, t.id),
    index('sales_total_idx').on(t.totalPrice, t.id),
    index('sales_state_updated_idx').on(t.state, t.updatedAt),
    // Grouped lists (groupBy) with the default order: the group, then the latest change first.
    index('sales_group_state_idx').on(t.state.asc(), t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('sales_group_customer_idx').on(
      t.customerName.asc(),
      t.updatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('sales_group_salesperson_idx').on(
      t.salespersonName.asc(),
      t.updatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The list's search (substring, case-insensitive): the expression must match sales.repository.ts.
    index('sales_search_idx').using(
      'gin',
      sql`(lower(${t.name} || ' ' || ${t.quoteNumber} || ' ' || coalesce(${t.customerName}, '') || ' ' || coalesce(${t.odooName}, ''))) gin_trgm_ops`,
    ),
    // The sales awaiting approval (decision 0030): a partial index, as small as the pending requests.
    index('sales_awaiting_approval_idx')
      .on(t.updatedAt.desc(), t.id.desc())
      .where(sql`${t.approvalState} = 'pending'`),
  ],
);

export const saleSections = pgTable(
  'sale_sections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    saleId: uuid('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull().default(''),
    /** details | quantities | total | optional (decision 0032). */
    presentation: text('presentation').$type<SectionPresentation>().notNull().default('details'),
    /** Generated from presentation (false exactly when it is 'total'): read-only, kept for older readers. */
    showDetails: boolean('show_details').notNull().generatedAlwaysAs(sql`presentation <> 'total'`),
    merge: boolean('merge').notNull().default(false),
    odooLineId: integer('odoo_line_id'),
    /**
     * Grows whenever the section or any of its lines changes (kept by database triggers, migration 0005), so a
     * computed section can be reused until then, in any process.
     */
    version: integer('version').notNull().default(1),
  },
  (t) => [index('sale_sections_sale_idx').on(t.saleId, t.position)],
);

export const saleLines = pgTable(
  'sale_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    saleId: uuid('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    sectionId: uuid('section_id')
      .notNull()
      .references(() => saleSections.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind').$type<'product' | 'note' | 'header'>().notNull().default('product'),
    productId: integer('product_id'),
    productName: text('product_name'),
    manufacturer: text('manufacturer'),
    description: text('description').notNull().default(''),
    quantity: numeric('quantity', NUMERIC_COLUMNS.quantity).notNull().default('0'),
    price: numeric('price', NUMERIC_COLUMNS.price).notNull().default('0'),
    cost: numeric('cost', NUMERIC_COLUMNS.cost).notNull().default('0'),
    /** Discount % on the price (Odoo's sale.order.line.discount): subtotal = round2(price × qty × (1 − d/100)). */
    discount: numeric('discount', NUMERIC_COLUMNS.discount).notNull().default('0'),
    pricePercentageActive: boolean('price_percentage_active').notNull().default(false),
    uom: text('uom'),
    templateId: uuid('template_id'),
    odooLineId: integer('odoo_line_id'),
    /** The sale.order.option this line is on Odoo 18 when its section is optional (decision 0032). */
    odooOptionId: integer('odoo_option_id'),
    /**
     * Who last set each field a person edits (a line edit, Set Markup), by field name: an edit based on an older
     * value of a field is refused with who set it and when (decision 0020). A field written any other way (a copy
     * merge, a template refresh) loses its entry: nobody is named rather than the wrong person.
     */
    editedBy: jsonb('edited_by').$type<LineEditors>().notNull().default({}),
  },
  (t) => [index('sale_lines_section_idx').on(t.sectionId, t.position), index('sale_lines_sale_idx').on(t.saleId)],
);

/**
 * The activity feed of a sale (docs/product/screens.md#activity): one row per user action, written in the action's own
 * transaction (a rolled-back change records nothing), deleted with its sale. `detail` is the capped, structured
 * description built by packages/contracts' activityDetail; the user's name is kept as it was at the time.
 */
export const saleActivity = pgTable(
  'sale_activity',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    saleId: uuid('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    /** The sale's version after the action. */
    version: integer('version').notNull(),
    /** No foreign key: the feed outlives a deleted user (their name stays). */
    userId: uuid('user_id'),
    userName: text('user_name').notNull(),
    kind: text('kind').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('sale_activity_sale_created_idx').on(t.saleId, t.createdAt.desc())],
);

// ─── Templates (decision 0014): sections and lines like a sale's, owned by a template ───────────────────────────

export const templates = pgTable(
  'templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Cached for the list (untaxed, Based-on-Total lines resolved): recomputed by the service after every change. */
    totalPrice: numeric('total_price', NUMERIC_COLUMNS.total).notNull().default('0'),
    version: integer('version').notNull().default(1),
    createdById: uuid('created_by_id'),
    createdByName: text('created_by_name'),
    updatedById: uuid('updated_by_id'),
    updatedByName: text('updated_by_name'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('templates_name_idx').on(t.name, t.id)],
);

export const templateSections = pgTable(
  'template_sections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => templates.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull().default(''),
    /** details | quantities | total | optional (decision 0032). */
    presentation: text('presentation').$type<SectionPresentation>().notNull().default('details'),
    /** Generated from presentation (false exactly when it is 'total'): read-only. */
    showDetails: boolean('show_details').notNull().generatedAlwaysAs(sql`presentation <> 'total'`),
  },
  (t) => [index('template_sections_template_idx').on(t.templateId, t.position)],
);

/** A template line: price and cost are money, or percents of the section's other product lines (Based on Total). */
export const templateLines = pgTable(
  'template_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => templates.id, { onDelete: 'cascade' }),
    sectionId: uuid('section_id')
      .notNull()
      .references(() => templateSections.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind').$type<'product' | 'note' | 'header'>().notNull().default('product'),
    productId: integer('product_id'),
    productName: text('product_name'),
    manufacturer: text('manufacturer'),
    description: text('description').notNull().default(''),
    quantity: numeric('quantity', NUMERIC_COLUMNS.quantity).notNull().default('0'),
    price: numeric('price', NUMERIC_COLUMNS.price).notNull().default('0'),
    cost: numeric('cost', NUMERIC_COLUMNS.cost).notNull().default('0'),
    pricePercentageActive: boolean('price_percentage_active').notNull().default(false),
    uom: text('uom'),
  },
  (t) => [index('template_lines_section_idx').on(t.sectionId, t.position)],
);

/**
 * A sale's cover letter (decision 0015, the document editor): paragraphs of text runs, plain or bold, printed as the
 * first page of the customer PDF. Structured, not HTML: nothing a browser would run is ever stored or rendered.
 */
export const saleDocuments = pgTable('sale_documents', {
  saleId: uuid('sale_id')
    .primaryKey()
    .references(() => sales.id, { onDelete: 'cascade' }),
  body: jsonb('body').$type<{ text: string; bold?: boolean }[][]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedByName: text('updated_by_name').notNull(),
});
export type SaleDocumentRow = typeof saleDocuments.$inferSelect;

/** Binary bytes (bytea): a Buffer on either engine (PGlite answers a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * A sale's revisions (docs/decisions/0029-revisions.md): each a frozen copy of the sale as one gzip-compressed JSON
 * document ({ sale, cover_letter } as their GETs answered them), numbered per sale, with what the list shows beside it.
 */
export const saleRevisions = pgTable(
  'sale_revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    saleId: uuid('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdById: uuid('created_by_id'),
    createdByName: text('created_by_name').notNull(),
    comment: text('comment'),
    source: text('source').$type<'manual' | 'erp' | 'restore' | 'approval'>().notNull(),
    sentToErp: boolean('sent_to_erp').notNull().default(false),
    saleVersion: integer('sale_version').notNull(),
    totalPrice: numeric('total_price', NUMERIC_COLUMNS.total).notNull(),
    marginPercent: text('margin_percent').notNull(),
    lineCount: integer('line_count').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [uniqueIndex('sale_revisions_sale_number_key').on(t.saleId, t.number)],
);
export type SaleRevisionRow = typeof saleRevisions.$inferSelect;

/**
 * Approval requests of sales and their decisions (docs/decisions/0030-approvals.md). At most one open request per sale
 * (pending or approved: sale_approvals_open_key). `reasons` is what the content broke when requested; `covered` what
 * the approver approved (the evaluation with its values at the decided version): a later content is covered when it
 * breaks nothing new and nothing worse.
 */
export const saleApprovals = pgTable(
  'sale_approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    saleId: uuid('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    status: text('status').$type<'pending' | 'approved' | 'rejected' | 'void'>().notNull().default('pending'),
    approver: text('approver').$type<'sales_full' | 'admin'>().notNull(),
    summary: text('summary').notNull(),
    reasons: jsonb('reasons').$type<unknown[]>().notNull().default([]),
    saleVersion: integer('sale_version').notNull(),
    /** The revision the request froze (no foreign key: a revision is never deleted while its sale lives). */
    revisionId: uuid('revision_id'),
    requestedById: uuid('requested_by_id'),
    requestedByName: text('requested_by_name').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    requestComment: text('request_comment'),
    decidedVersion: integer('decided_version'),
    covered: jsonb('covered').$type<Record<string, unknown>>(),
    decidedById: uuid('decided_by_id'),
    decidedByName: text('decided_by_name'),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    decisionComment: text('decision_comment'),
  },
  (t) => [
    index('sale_approvals_sale_idx').on(t.saleId, t.requestedAt.desc()),
    uniqueIndex('sale_approvals_open_key').on(t.saleId).where(sql`${t.status} in ('pending', 'approved')`),
  ],
);
export type SaleApprovalRow = typeof saleApprovals.$inferSelect;

// ─── Runs of long background jobs (docs/decisions/0025-one-run-tracker.md) ─────────────────────────────────────────

/**
 * One run of a long background job (an ERP data fetch, a publish or sync of a sale), from the request to its outcome:
 * what the API answers about it (its state, progress and message, what it did), kept after pg-boss has archived the
 * job. `queue` is the job's pg-boss queue (the kind of run), `key` what one run at a time is allowed per (a fetch
 * kind, a sale id). `attempt` is the lease of the job running it: every write of a job names the attempt it claimed,
 * so a job that lost the run (taken over after its process died) changes nothing. `detail` is what the kind keeps:
 * its request and what it did (a fetch's counts and error; a publish's action, origin, ERP order, line counts and
 * totals: docs/decisions/0011).
 */
export const runs = pgTable(
  'runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    queue: text('queue').notNull(),
    key: text('key').notNull(),
    status: text('status')
      .$type<'queued' | 'running' | 'succeeded' | 'failed' | 'unknown'>()
      .notNull()
      .default('queued'),
    attempt: integer('attempt').notNull().default(0),
    progress: integer('progress').notNull().default(0),
    message: text('message'),
    detail: jsonb('detail').$type<object>().notNull().default({}),
    /** The pg-boss job that carries the run now (a takeover sends a new one). */
    jobId: uuid('job_id'),
    startedById: uuid('started_by_id'),
    startedByName: text('started_by_name'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    /** Heartbeat: an active run whose heartbeat stopped long ago lost its process; it is taken over or failed. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // One run per key at a time: a second request finds the one under way instead of starting another.
    uniqueIndex('runs_one_active')
      .on(t.queue, t.key)
      .where(sql`status in ('queued', 'running')`),
    index('runs_queue_key_created_idx').on(t.queue, t.key, t.createdAt),
    index('runs_active_idx').on(t.heartbeatAt).where(sql`status in ('queued', 'running')`),
  ],
);

// ─── The admin audit log (docs/decisions/0033-audit-log.md) ─────────────────────────────────────────────────────

/**
 * One admin action (a user created, deleted, their rights or password changed, settings changed, an ERP fetch
 * started…): who did it (the name as it was: no foreign key, the entry outlives a deleted user), what (a fixed key),
 * to what (type, id and a readable label), the changed fields before and after (never a secret: "changed") and the
 * client's address. Append-only: a trigger refuses UPDATE and DELETE (migration 0025). `at` has millisecond
 * precision, as a JavaScript date: the paging cursor (at, id) is then exact.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true, mode: 'date', precision: 3 }).notNull().default(sql`clock_timestamp()`),
    actorId: uuid('actor_id'),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    targetLabel: text('target_label').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    ip: text('ip'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at.desc(), t.id.desc()),
    index('audit_log_action_at_idx').on(t.action, t.at.desc(), t.id.desc()),
    index('audit_log_actor_at_idx').on(t.actorId, t.at.desc(), t.id.desc()),
  ],
);
export type AuditLogRow = typeof auditLog.$inferSelect;
export type NewAuditLogRow = typeof auditLog.$inferInsert;

export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;
export type PartnerRow = typeof partners.$inferSelect;
export type SaleRow = typeof sales.$inferSelect;
export type SaleSectionRow = typeof saleSections.$inferSelect;
export type SaleLineRow = typeof saleLines.$inferSelect;
export type SaleActivityRow = typeof saleActivity.$inferSelect;
export type RunRow = typeof runs.$inferSelect;
export type TemplateRow = typeof templates.$inferSelect;
export type TemplateSectionRow = typeof templateSections.$inferSelect;
export type TemplateLineRow = typeof templateLines.$inferSelect;
