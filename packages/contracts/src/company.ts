// The company of customer documents as the ERP describes it (decision 0031) and the documents' settings. The logo is
// served apart (GET /api/erp/company/logo) so the identity stays a small JSON every screen can ask for.
import { QUOTE_VALIDITY_MAX_DAYS } from '@quotewright/domain';
import { z } from 'zod';

/** How amounts are written: the ERP company's currency ("$" before with 2 decimals until it is known). */
export const currencySchema = z.object({
  /** ISO code: USD, EUR… */
  code: z.string(),
  symbol: z.string(),
  position: z.enum(['before', 'after']),
  decimal_places: z.number().int(),
});
export type CurrencyDto = z.infer<typeof currencySchema>;

export const companyIdentitySchema = z.object({
  odoo_id: z.number().int(),
  name: z.string(),
  street: z.string().nullable(),
  street2: z.string().nullable(),
  zip: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  country_code: z.string().nullable(),
  vat: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  company_registry: z.string().nullable(),
  /** Whether GET /api/erp/company/logo has an image. */
  has_logo: z.boolean(),
  /** When the ERP data fetch last wrote it (ISO). */
  updated_on: z.string(),
});
export type CompanyIdentityDto = z.infer<typeof companyIdentitySchema>;

/** GET /api/erp/company: the company (null until the first contacts fetch) and the currency amounts are shown in. */
export const companyAnswerSchema = z.object({
  company: companyIdentitySchema.nullable(),
  currency: currencySchema,
});
export type CompanyAnswerDto = z.infer<typeof companyAnswerSchema>;

/** GET/PUT /api/settings/documents: the customer documents' settings. */
export const documentSettingsSchema = z.strictObject({
  /** "Quote validity (days)": a quotation's expiry is its date + these days, unless the sale says otherwise. */
  quote_validity_days: z
    .number({ error: 'Enter a number of days' })
    .int('Enter a whole number of days')
    .min(0, 'Enter 0 or more days')
    .max(QUOTE_VALIDITY_MAX_DAYS, `Enter at most ${QUOTE_VALIDITY_MAX_DAYS} days`),
});
export type DocumentSettingsDto = z.infer<typeof documentSettingsSchema>;
