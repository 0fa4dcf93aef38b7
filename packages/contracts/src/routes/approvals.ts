// Approvals (docs/product/api.md#approvals, decision 0030): the rules (Settings, admins), a sale's approval state,
// the request, the decisions, and the sales awaiting approval. Approvers are told of a request on the socket
// (`approval_requested`).
import { z } from 'zod';
import {
  approvalDecisionBodySchema,
  approvalRequestBodySchema,
  approvalRulesSchema,
  approvalStateSchema,
  pendingApprovalsPageSchema,
  pendingApprovalsQuerySchema,
} from '../approvals';
import { route } from '../http';

const tag = 'Approvals';
const saleParams = z.strictObject({ id: z.uuid('Unknown sale id') });

export const approvalsApi = {
  rules: route({
    method: 'GET',
    path: '/api/settings/approval-rules',
    summary: 'The approval rules (Settings)',
    tag,
    answers: { 200: approvalRulesSchema },
  }),
  setRules: route({
    method: 'PUT',
    path: '/api/settings/approval-rules',
    summary: 'Change the approval rules (all four at once)',
    tag,
    body: approvalRulesSchema,
    answers: { 200: approvalRulesSchema },
  }),
  state: route({
    method: 'GET',
    path: '/api/sales/approval/:id',
    summary: "A sale's approval state: the rules, what its content breaks, the latest request and its decision",
    tag,
    params: saleParams,
    answers: { 200: approvalStateSchema },
  }),
  request: route({
    method: 'POST',
    path: '/api/sales/approval/request/:id',
    summary: 'Request approval (freezes a revision; approvers are told at once)',
    tag,
    params: saleParams,
    body: approvalRequestBodySchema,
    answers: { 200: approvalStateSchema },
  }),
  approve: route({
    method: 'POST',
    path: '/api/sales/approval/approve/:id',
    summary: 'Approve the pending request (of the sale at the version the approver looked at)',
    tag,
    params: saleParams,
    body: approvalDecisionBodySchema,
    answers: { 200: approvalStateSchema },
  }),
  reject: route({
    method: 'POST',
    path: '/api/sales/approval/reject/:id',
    summary: 'Reject the pending request',
    tag,
    params: saleParams,
    body: approvalDecisionBodySchema,
    answers: { 200: approvalStateSchema },
  }),
  pending: route({
    method: 'GET',
    path: '/api/sales/approvals/pending',
    summary: 'The sales awaiting approval, newest request first, and how many there are',
    tag,
    query: pendingApprovalsQuerySchema,
    answers: { 200: pendingApprovalsPageSchema },
  }),
};
