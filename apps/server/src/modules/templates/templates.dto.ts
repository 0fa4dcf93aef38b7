// Templates as the API answers them (docs/product/api.md#templates). Sections and lines are built by the sales DTO builder (one engine):
// a template row is a sale row without discount, ERP link or template origin.
import type { TemplateDto, TemplateListItemDto } from '@quotewright/contracts';
import type { SaleLineRow, SaleSectionRow, TemplateLineRow, TemplateRow, TemplateSectionRow } from '@quotewright/db';
import { money, salePricingFromSections, showDetailsOf, toDecimalOrZero } from '@quotewright/domain';
import { lineContent, pricedSection, type SectionDto, toSectionDto } from '../sales/sales.dto';
import type { FullTemplate, TemplateLineInsert, TemplateSectionWithLines } from './templates.repository';

/** A template line as a sale line row (the shared DTO builder and pricing rules read it). */
export function asSaleLineRow(l: TemplateLineRow): SaleLineRow {
  return {
    ...l,
    saleId: l.templateId,
    discount: '0',
    templateId: null,
    odooLineId: null,
    odooOptionId: null,
    editedBy: {},
  };
}

/** A new line planned as a sale line (asSaleLineRow's shape) as the template's table stores it. */
export function asTemplateLineInsert(l: SaleLineRow): TemplateLineInsert {
  return {
    id: l.id,
    templateId: l.saleId,
    sectionId: l.sectionId,
    position: l.position,
    ...lineContent(l),
  };
}

/** A template section as a section of the sale `saleId` (the template's own id when read as a template). */
export function asSaleSectionRow(s: TemplateSectionRow, saleId: string): SaleSectionRow {
  return {
    id: s.id,
    saleId,
    position: s.position,
    name: s.name,
    presentation: s.presentation,
    showDetails: showDetailsOf(s.presentation),
    merge: false,
    odooLineId: null,
    version: 1,
  };
}

export function toTemplateSectionDto(s: TemplateSectionWithLines): SectionDto {
  return toSectionDto({ ...asSaleSectionRow(s, s.templateId), lines: s.lines.map(asSaleLineRow) });
}

export function templateDtoOf(t: TemplateRow, sections: SectionDto[]): TemplateDto {
  const pricing = salePricingFromSections(sections.map(pricedSection));
  return {
    _id: t.id,
    name: t.name,
    created_on: t.createdAt.toISOString(),
    updated_on: t.updatedAt.toISOString(),
    created_by: { id: t.createdById, name: t.createdByName },
    updated_by: { id: t.updatedById, name: t.updatedByName },
    sections,
    pricing,
    total_price: pricing.total_price,
    version: t.version,
  };
}

export function toTemplateDto(full: FullTemplate): TemplateDto {
  return templateDtoOf(full.template, full.sections.map(toTemplateSectionDto));
}

export function toTemplateListItem(t: TemplateRow): TemplateListItemDto {
  return {
    _id: t.id,
    name: t.name,
    total_price: money(toDecimalOrZero(t.totalPrice)),
    updated_on: t.updatedAt.toISOString(),
  };
}
