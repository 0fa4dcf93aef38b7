// Odoo-shaped exceptions. `name` is the Python exception path Odoo puts in `error.data.name` (JSON-RPC) or in the
// body `name` (JSON-2); `status` is the HTTP status JSON-2 answers with (JSON-RPC always answers 200).

export class OdooError extends Error {
  readonly odooName: string;
  readonly status: number;
  readonly args: unknown[];
  constructor(odooName: string, message: string, status: number, args?: unknown[]) {
    super(message);
    this.odooName = odooName;
    this.status = status;
    this.args = args ?? [message];
  }
  /** True for werkzeug HTTP exceptions, whose `arguments` carry the status too. */
  get isWerkzeug(): boolean {
    return this.odooName.startsWith('werkzeug.');
  }
}

export const accessError = (msg: string) => new OdooError('odoo.exceptions.AccessError', msg, 403);
export const accessDenied = () => new OdooError('odoo.exceptions.AccessDenied', 'Access Denied', 401);
export const userError = (msg: string) => new OdooError('odoo.exceptions.UserError', msg, 422);
export const validationError = (msg: string) => new OdooError('odoo.exceptions.ValidationError', msg, 422);
export const missingError = (model: string, ids: number[], uid: number) =>
  new OdooError(
    'odoo.exceptions.MissingError',
    `Record does not exist or has been deleted.\n(Record: ${model}(${ids.join(', ')},), User: ${uid})`,
    404,
  );
export const valueError = (msg: string) => new OdooError('builtins.ValueError', msg, 500);
export const typeError = (msg: string) => new OdooError('builtins.TypeError', msg, 500);
export const attributeError = (msg: string) => new OdooError('builtins.AttributeError', msg, 500);
export const indexError = (msg: string) => new OdooError('builtins.IndexError', msg, 500);
export const keyError = (msg: string) => new OdooError('builtins.KeyError', msg, 500);
export const werkzeug = (kind: 'NotFound' | 'UnprocessableEntity' | 'Unauthorized' | 'BadRequest', msg: string) => {
  const status = { NotFound: 404, UnprocessableEntity: 422, Unauthorized: 401, BadRequest: 400 }[kind];
  return new OdooError(`werkzeug.exceptions.${kind}`, msg, status, [msg, status]);
};

/** Python-ish traceback text for `debug` (clients only log it). */
export function fakeDebug(err: OdooError): string {
  const short = err.odooName.replace(/^builtins\./, '');
  return `Traceback (most recent call last):\n  File "/opt/odoo/odoo/http.py", line 1976, in _transactioning\n    return service_model.retrying(func, env=self.env)\n  File "odoo-sim", line 1, in simulate\n${short}: ${err.message}\n`;
}

/** Python repr of a JSON value, as Odoo prints domain leaves in messages: ('name', 'ilike', 'x'). */
export function pyRepr(v: unknown): string {
  if (v === null || v === undefined) return 'None';
  if (v === true) return 'True';
  if (v === false) return 'False';
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string') return `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (Array.isArray(v)) return `[${v.map(pyRepr).join(', ')}]`;
  if (typeof v === 'object')
    return `{${Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => `${pyRepr(k)}: ${pyRepr(x)}`)
      .join(', ')}}`;
  return String(v);
}

export const pyTuple = (items: unknown[]) => `(${items.map(pyRepr).join(', ')}${items.length === 1 ? ',' : ''})`;

/** 'sale.order' → 'SaleOrder' (the Python class name Odoo shows in TypeErrors). */
export const pyClass = (model: string) =>
  model
    .split(/[._]/)
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
    .join('');
