// The store's record vocabulary: Odoo versions, field types, raw records. Imports nothing: the model definitions
// and the Env that model code runs in refer to the Store, so they are declared with it (store.ts).
export type Version = 18 | 19;

export type FieldType =
  | 'char'
  | 'text'
  | 'html'
  | 'selection'
  | 'boolean'
  | 'integer'
  | 'float'
  | 'monetary'
  | 'date'
  | 'datetime'
  | 'many2one'
  | 'one2many'
  | 'many2many'
  | 'json'
  | 'binary'
  | 'properties'
  | 'properties_definition'
  | 'reference'
  | 'many2one_reference';

/** A stored record: raw values (many2one = id | false, x2many = id[], datetime = 'YYYY-MM-DD HH:MM:SS.ffffff'). */
export interface Rec {
  id: number;
  [field: string]: unknown;
}

export type Context = Record<string, unknown>;
