// The ERP company of customer documents and the documents' settings (decision 0031). Access first: any signed-in
// person reads them (every screen shows amounts in the company's currency); only an admin changes the settings.
import type { CompanyAnswerDto, CurrencyDto, DocumentSettingsDto } from '@quotewright/contracts';
import { QUOTE_VALIDITY_DEFAULT_DAYS } from '@quotewright/domain';
import { notFound } from '../../errors';
import { type AuthUser, authorize } from '../../policy';
import { type AuditOrigin, type AuditRecorder, recordChange } from '../audit/audit.service';
import type { CompanyRepository } from './company.repository';

/** US dollars until the company is known (the first contacts fetch). */
export const DEFAULT_CURRENCY_DTO: CurrencyDto = { code: 'USD', symbol: '$', position: 'before', decimal_places: 2 };

/** The image type of a logo from its first bytes (Odoo keeps PNG, JPEG, GIF, WebP or SVG). */
export function logoType(bytes: Buffer): string {
  if (bytes.subarray(0, 8).toString('hex') === '89504e470d0a1a0a') return 'image/png';
  if (bytes.subarray(0, 3).toString('hex') === 'ffd8ff') return 'image/jpeg';
  if (bytes.subarray(0, 4).toString('ascii') === 'GIF8') return 'image/gif';
  if (bytes.subarray(0, 4).toString('ascii') === 'RIFF' && bytes.subarray(8, 12).toString('ascii') === 'WEBP')
    return 'image/webp';
  if (/^\s*(<\?xml|<svg)/i.test(bytes.subarray(0, 256).toString('utf8'))) return 'image/svg+xml';
  return 'application/octet-stream';
}

/** `audit` writes the admin audit log (a settings change, right after it: no transaction to join). */
export function companyService(repo: CompanyRepository, audit: AuditRecorder) {
  return {
    async company(actor: AuthUser | null): Promise<CompanyAnswerDto> {
      authorize(actor, 'documents.read');
      const c = await repo.company();
      if (!c) return { company: null, currency: DEFAULT_CURRENCY_DTO };
      return {
        company: {
          odoo_id: c.odooId,
          name: c.name,
          street: c.street,
          street2: c.street2,
          zip: c.zip,
          city: c.city,
          state: c.state,
          country: c.country,
          country_code: c.countryCode,
          vat: c.vat,
          phone: c.phone,
          email: c.email,
          website: c.website,
          company_registry: c.companyRegistry,
          has_logo: c.hasLogo,
          updated_on: c.updatedAt.toISOString(),
        },
        currency: {
          code: c.currencyName,
          symbol: c.currencySymbol,
          position: c.currencyPosition,
          decimal_places: c.currencyDecimalPlaces,
        },
      };
    },

    /** The logo's bytes and image type; NOT_FOUND when the company has none (or is not fetched yet). */
    async logo(actor: AuthUser | null): Promise<{ bytes: Buffer; type: string }> {
      authorize(actor, 'documents.read');
      const logo = await repo.logo();
      if (!logo) throw notFound('Company logo');
      const bytes = Buffer.from(logo, 'base64');
      return { bytes, type: logoType(bytes) };
    },

    async documentSettings(actor: AuthUser | null): Promise<DocumentSettingsDto> {
      authorize(actor, 'documents.read');
      return { quote_validity_days: (await repo.quoteValidityDays()) ?? QUOTE_VALIDITY_DEFAULT_DAYS };
    },

    async setDocumentSettings(
      actor: AuthUser | null,
      next: DocumentSettingsDto,
      origin: AuditOrigin,
    ): Promise<DocumentSettingsDto> {
      const me = authorize(actor, 'settings.manage');
      const before = { quote_validity_days: (await repo.quoteValidityDays()) ?? QUOTE_VALIDITY_DEFAULT_DAYS };
      await repo.setQuoteValidityDays(next.quote_validity_days);
      await recordChange(audit, {
        actor: { id: me.id, name: me.name },
        action: 'settings.changed',
        target: { type: 'settings', id: 'documents', label: 'Customer documents' },
        before,
        after: { quote_validity_days: next.quote_validity_days },
        origin,
      });
      return { quote_validity_days: next.quote_validity_days };
    },
  };
}
export type CompanyService = ReturnType<typeof companyService>;
