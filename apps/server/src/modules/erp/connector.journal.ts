// The journal items export (docs/product/erp-mapping.md "Reports"): a company's posted account.move.line between
// two dates, in pages by id cursor, with account codes/names and analytic account names read once per new id.

import {
  type Context,
  forReport,
  ISO_DATE,
  NO_ARCHIVE_FILTER,
  type OdooSession,
  type Row,
} from './connector.session.js';
import type { ErpConnector, ErpJournalItem, JournalItemsQuery } from './erp.types.js';
import { refId, str } from './mapping.js';
import { type AccountInfo, distributionAccounts, journalItem } from './reports.js';

const JOURNAL_NEEDS =
  'the journal items export needs read access to journal items and accounts: group Accounting / Read-only or better';

export function journalReads(s: OdooSession): Pick<ErpConnector, 'journalItems'> {
  return { journalItems: (q) => journalItems(s, q) };
}

async function* journalItems(s: OdooSession, q: JournalItemsQuery): AsyncGenerator<ErpJournalItem[]> {
  if (!ISO_DATE.test(q.startDate) || !ISO_DATE.test(q.endDate))
    throw new RangeError('startDate and endDate must be YYYY-MM-DD');
  if (!Number.isInteger(q.companyId) || q.companyId <= 0) throw new RangeError('companyId must be a positive integer');
  const aml = await forReport(JOURNAL_NEEDS, () => s.schema('account.move.line'));
  const fields = [
    'date',
    'move_id',
    'move_name',
    'journal_id',
    'account_id',
    'partner_id',
    'name',
    'ref',
    'debit',
    'credit',
    'balance',
    'amount_currency',
    'currency_id',
    'analytic_distribution',
  ].filter((f) => f in aml || ['date', 'move_id', 'account_id', 'debit', 'credit'].includes(f));
  // account.account `code` is company-dependent (18/19: computed for the env's current company; an account read
  // from another company has no code, more/v19/account_account_code_display_name), and so is 18's account label.
  // The company's items are read with that company as the current one (the first of allowed_company_ids).
  const companyContext = { allowed_company_ids: [q.companyId] };
  const names: Names = { accounts: new Map(), analytic: new Map() };
  let after = 0;
  for (;;) {
    const rows = await forReport(JOURNAL_NEEDS, () =>
      s.searchRead(
        'account.move.line',
        [
          ['parent_state', '=', 'posted'],
          ['company_id', '=', q.companyId],
          ['date', '>=', q.startDate],
          ['date', '<=', q.endDate],
          ['id', '>', after],
        ],
        fields,
        { order: 'id asc', limit: s.reportPageSize, context: companyContext },
      ),
    );
    if (rows.length === 0) return;
    await readNewNames(s, rows, names, companyContext);
    yield rows.map((r) => journalItem(r, names.accounts, names.analytic));
    if (rows.length < s.reportPageSize) return;
    after = rows[rows.length - 1]!.id as number;
  }
}

/** The account codes and names, and the analytic account names, read so far. */
interface Names {
  accounts: Map<number, AccountInfo>;
  analytic: Map<number, string>;
}

/** Reads the accounts and analytic accounts a page names that earlier pages did not. */
async function readNewNames(s: OdooSession, rows: Row[], names: Names, companyContext: Context): Promise<void> {
  const { accounts, analytic } = names;
  const newAccounts = [
    ...new Set(rows.map((r) => refId(r.account_id)).filter((x): x is number => x !== null && !accounts.has(x))),
  ];
  const newAnalytic = [
    ...new Set(rows.flatMap((r) => distributionAccounts(r.analytic_distribution).map((d) => d.accountId))),
  ].filter((x) => !analytic.has(x));
  await forReport(JOURNAL_NEEDS, async () => {
    for (const a of await s.readIds('account.account', newAccounts, ['code', 'name'], companyContext))
      accounts.set(a.id as number, { code: str(a.code) ?? '', name: str(a.name) ?? '' });
    if (newAnalytic.length)
      for (const a of await s.readIds('account.analytic.account', newAnalytic, ['name'], NO_ARCHIVE_FILTER))
        analytic.set(a.id as number, str(a.name) ?? '');
  });
  for (const id of newAnalytic) if (!analytic.has(id)) analytic.set(id, '');
}
