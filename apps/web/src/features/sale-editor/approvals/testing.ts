// For the editor's tests: the approval state of a sale no rule applies to (every rule off), as the server answers it.
import type { ApprovalStateDto } from '@quotewright/contracts';
import { defaultApprovalRules } from '@quotewright/domain';

export const noApproval = (saleId: string, version = 1): ApprovalStateDto => ({
  saleId,
  version,
  rules: defaultApprovalRules(),
  evaluation: { needed: false, reasons: [], summary: '', approver: null },
  approval: null,
  cleared: true,
  can: { request: false, decide: false },
});
