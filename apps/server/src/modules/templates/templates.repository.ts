// The only Drizzle user of templates: a template owns sections and lines shaped like a sale's (decision 0014).

import {
  asc,
  type Db,
  eq,
  sql,
  type TemplateLineRow,
  type TemplateRow,
  type TemplateSectionRow,
  templateLines,
  templateSections,
  templates,
} from '@quotewright/db';
import {
  changeMark,
  type LinesWriteOf,
  orderedLinesWriteSql,
  sectionQueries,
} from '../../infra/ordered-rows.repository';

export type NewTemplateLine = Omit<typeof templateLines.$inferInsert, 'id' | 'templateId' | 'sectionId' | 'position'>;
export type TemplateLinePatch = Partial<
  Pick<TemplateLineRow, 'description' | 'quantity' | 'price' | 'cost' | 'pricePercentageActive'>
>;
/** A new line as the one-statement write inserts it (its id and position chosen by the planner). */
export type TemplateLineInsert = NewTemplateLine & {
  id: string;
  templateId: string;
  sectionId: string;
  position: number;
};
/** The columns an edit of a template line may write. */
const TEMPLATE_PATCH_COLUMNS = [
  'description',
  'quantity',
  'price',
  'cost',
  'pricePercentageActive',
] as const satisfies readonly (keyof TemplateLinePatch)[];
export type TemplateSectionPatch = Partial<Pick<TemplateSectionRow, 'name' | 'presentation'>>;
export type TemplateSectionWithLines = TemplateSectionRow & { lines: TemplateLineRow[] };

export interface FullTemplate {
  template: TemplateRow;
  sections: TemplateSectionWithLines[];
}

const TEMPLATE_SECTIONS = { sections: templateSections, lines: templateLines, owner: 'templateId' } as const;

function queries(db: Db) {
  const sections = sectionQueries(db, TEMPLATE_SECTIONS);
  return {
    /** Every template, by name (the list is small: the screen pages it). */
    async list(): Promise<TemplateRow[]> {
      return db.select().from(templates).orderBy(asc(templates.name), asc(templates.id));
    },

    async findFull(id: string): Promise<FullTemplate | undefined> {
      const [template] = await db.select().from(templates).where(eq(templates.id, id));
      if (!template) return undefined;
      return { template, sections: await sections.sectionsWithLines(id) };
    },

    /** Locks the template row until the transaction ends: edits of one template queue up. */
    async lock(id: string): Promise<TemplateRow | undefined> {
      const [row] = await db.select().from(templates).where(eq(templates.id, id)).for('no key update');
      return row;
    },

    async create(values: { name: string; by: { id: string; name: string } }): Promise<string> {
      const [row] = await db
        .insert(templates)
        .values({
          name: values.name,
          createdById: values.by.id,
          createdByName: values.by.name,
          updatedById: values.by.id,
          updatedByName: values.by.name,
        })
        .returning({ id: templates.id });
      return row!.id;
    },

    /** Marks a change: version + 1, who and when, the recomputed total and the given columns. */
    async touch(
      id: string,
      by: { id: string; name: string },
      set: { name?: string; totalPrice?: string } = {},
    ): Promise<void> {
      await db
        .update(templates)
        .set({ ...set, ...changeMark(templates.version, by) })
        .where(eq(templates.id, id));
    },

    async remove(id: string): Promise<boolean> {
      return (await db.delete(templates).where(eq(templates.id, id)).returning({ id: templates.id })).length > 0;
    },

    // A template's sections one by one (the same queries as a sale's, infra/ordered-rows.repository.ts), and its lines.
    ...sections,

    /** One statement writing a section's lines (what a planner decided, see orderedLinesWriteSql). */
    async writeLines(write: LinesWriteOf<TemplateLineInsert, TemplateLinePatch>): Promise<void> {
      await db.execute(sql`with ${orderedLinesWriteSql(templateLines, TEMPLATE_PATCH_COLUMNS, write, sql`true`)}
        select count(*) from written`);
    },
  };
}

export function templatesRepository(db: Db) {
  return {
    ...queries(db),
    transaction<T>(fn: (tx: TemplateQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(queries(tx as unknown as Db)));
    },
  };
}
export type TemplateQueries = ReturnType<typeof queries>;
export type TemplatesRepository = ReturnType<typeof templatesRepository>;
