// The sale editor's edits, one TanStack Query mutation hook per action (docs/architecture.md#the-web-app). Each answers
// a SaleDelta that is applied to the cached sale (a version gap refetches it). Edits whose result is predictable show
// at once: onMutate lays an overlay over the cached sale (optimistic.ts), the answer replaces it with the server's
// values, and a refusal drops just that overlay — what other editors changed meanwhile stays — and shows the server's
// message.
// Unpredictable actions (creating, duplicating, moving, copying) wait for the answer behind the loading overlay.

import {
  type CreateLinesAnswer,
  EDIT_CONFLICT,
  type MoveLinesAnswer,
  type PasteLinesAnswer,
  type PasteLinesBody,
  type RouteInput,
  type SaleDelta,
  saleLinesApi,
  saleSectionsApi,
  salesApi,
} from '@quotewright/contracts';
import type { LineMoveType, SectionPresentation } from '@quotewright/domain';
import {
  MutationObserver,
  type MutationObserverOptions,
  type QueryClient,
  useQueryClient,
} from '@tanstack/react-query';
import { useMemo } from 'react';
import { useDialog } from '../../../app/providers/dialog';
import { useLoadingOverlay } from '../../../app/providers/loading';
import { useSnackbar } from '../../../app/providers/snackbar';
import { ApiError, call, errorMessage } from '../../../lib/api';
import {
  applyServerDelta,
  beginOptimistic,
  editHeader,
  editLines,
  editSection,
  endOptimistic,
  markupLines,
  moveLine,
  moveSection,
  type Overlay,
  removedBy,
  removeLines,
  saleKey,
  serverSale,
} from './optimistic';
import type { LineChanges, Sale, SaleHeaderEdit } from './types';
import { recordEdit } from './undo';

/** The answers of adding products and of moving lines (packages/contracts' schemas, as the server serializes them). */
export type CreateLinesResult = CreateLinesAnswer;
export type MoveLinesResult = MoveLinesAnswer;

/**
 * Applies a mutation's answer to the cached sale (the sales list shows the change too); resolves once the cache holds
 * it — after a refetch when the answer does not follow the cached version.
 */
export async function storeDelta(qc: QueryClient, delta: SaleDelta): Promise<void> {
  void qc.invalidateQueries({ queryKey: ['sales', 'list'] });
  const outcome = applyServerDelta(qc, delta);
  if (outcome.status === 'refetch') await outcome.done;
}

interface SaleMutationSpec<V, A extends SaleDelta> {
  /** Names the mutation (its key is ['sale', saleId, action]). */
  action: string;
  request(saleId: string, vars: V): Promise<A>;
  /**
   * What the edit shows before the answer, built from the sale on screen when the edit starts (so an index can be
   * fixed to an id); none for actions whose result only the server knows.
   */
  optimistic?(vars: V, sale: Sale): Overlay;
  /** Line actions report in an error snackbar; section, copy and header actions in the 'Error' dialog. */
  report: 'snackbar' | 'dialog';
  /**
   * The section (and lines) the action works on: when the server answers 404 because someone else deleted one of
   * them, the user is told who did instead of "Line not found".
   */
  targets?(vars: V): Targets;
  /**
   * Who shows a refusal in place of the snackbar or dialog (an edited cell keeps the typed text with the reason, or
   * asks about an edit conflict): it answers true when it took the message.
   */
  refusedTo?(vars: V): ((message: string, err: unknown) => boolean) | undefined;
  /**
   * Read the sale again when the server refuses the edit as based on a value someone else changed (409 EDIT_CONFLICT):
   * their value shows even before their change reaches this browser through the sale's room.
   */
  refetchOnConflict?: boolean;
}

/** Who shows a refusal in place of the snackbar or dialog: true when it took it (SaleMutationSpec.refusedTo). */
export type Refused = (message: string, err: unknown) => boolean;

interface Targets {
  section: string;
  lines?: readonly string[];
}

export const lineGoneNotice = (name: string) => `Your change was not saved: ${name} deleted the line`;
export const sectionGoneNotice = (name: string) => `Your change was not saved: ${name} deleted the section`;

/**
 * Why an action on `targets` found nothing (a 404): the notice naming who deleted the section or line, or undefined
 * when they still exist here. Reads the sale again first when the deletion has not reached this client yet.
 */
export async function goneNotice(qc: QueryClient, saleId: string, targets: Targets): Promise<string | undefined> {
  const missing = (): { id: string; notice: (name: string) => string } | undefined => {
    const sale = serverSale(qc, saleId);
    if (!sale) return undefined;
    const section = sale.sections.find((s) => s._id === targets.section);
    if (!section) return { id: targets.section, notice: sectionGoneNotice };
    const held = new Set(sale.sections.flatMap((s) => s.lines.map((l) => l._id)));
    const gone = targets.lines?.find((id) => !held.has(id));
    return gone === undefined ? undefined : { id: gone, notice: lineGoneNotice };
  };
  let found = missing();
  if (!found) {
    await qc.invalidateQueries({ queryKey: saleKey(saleId), exact: true }).catch(() => undefined);
    found = missing();
  }
  return found?.notice(removedBy(qc, found.id) ?? 'someone else');
}

/** One sale action, as the editor calls it: fire and forget (`mutate`) or await the answer (`mutateAsync`). */
export interface SaleAction<V, A> {
  mutate(vars: V): void;
  mutateAsync(vars: V): Promise<A>;
}

/**
 * A hook for one sale action: `mutate(vars)` / `mutateAsync(vars)` on the sale `saleId`. Each call runs a TanStack
 * mutation (in the mutation cache, with this spec's callbacks), but the hook does not subscribe to its state: a
 * pending or finished edit never renders the editor again — the cache update of its optimistic overlay and of the
 * answer renders only what shows the changed lines. The returned object is stable for the sale.
 */
function saleMutation<V, A extends SaleDelta = SaleDelta>(spec: SaleMutationSpec<V, A>) {
  return function useSaleMutation(saleId: string): SaleAction<V, A> {
    const qc = useQueryClient();
    const snackbar = useSnackbar();
    const dialog = useDialog();
    const loading = useLoadingOverlay();
    return useMemo(() => {
      const options: MutationObserverOptions<A, Error, V, { token: number | undefined }> = {
        mutationKey: ['sale', saleId, spec.action],
        mutationFn: (vars) => {
          const answer = spec.request(saleId, vars);
          return spec.optimistic ? answer : loading.track(answer);
        },
        // No cancelQueries here: a GET that lands during the edit goes through receiveSale, which lays the pending
        // overlays over it; cancelling it would lose a refetch asked for by a version gap.
        onMutate: (vars) => {
          const optimistic = spec.optimistic;
          if (!optimistic) return { token: undefined };
          const now = qc.getQueryData<Sale>(['sale', saleId]);
          return { token: now ? beginOptimistic(qc, saleId, optimistic(vars, now)) : undefined };
        },
        // The overlay stays until the cache holds the answer: after a version gap, until the refetch is in.
        onSuccess: async (answer, _vars, context) => {
          await storeDelta(qc, answer);
          endOptimistic(qc, saleId, context.token);
          // the person's own edit: a step Ctrl+Z can take back (undo.ts)
          recordEdit(qc, saleId, answer);
        },
        onError: async (err, vars, context) => {
          endOptimistic(qc, saleId, context?.token);
          if (spec.targets && err instanceof ApiError && err.status === 404) {
            const notice = await goneNotice(qc, saleId, spec.targets(vars));
            if (notice) {
              snackbar.show(notice, 'warning');
              return;
            }
          }
          if (spec.refetchOnConflict && err instanceof ApiError && err.status === 409 && err.code === EDIT_CONFLICT)
            void qc.invalidateQueries({ queryKey: saleKey(saleId), exact: true }).catch(() => undefined);
          const message = errorMessage(err);
          if (spec.refusedTo?.(vars)?.(message, err)) return;
          if (spec.report === 'snackbar') snackbar.showError(err);
          else void dialog.error(err);
        },
      };
      // An observer per call, never subscribed: it runs the mutation and its callbacks and renders nothing.
      const mutateAsync = (vars: V) => new MutationObserver(qc, options).mutate(vars);
      return {
        mutateAsync,
        // the failure has been reported by onError
        mutate: (vars: V) => void mutateAsync(vars).catch(() => undefined),
      };
    }, [qc, saleId, snackbar, dialog, loading]);
  };
}

// ─── Header ────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * `base`: the values the fields were based on (a change since is refused, 409 EDIT_CONFLICT); `refused`: the info
 * panel, which asks about an edit conflict beside the typed values (the 'Error' dialog when it cannot).
 */
export const useUpdateSaleHeader = saleMutation<SaleHeaderEdit & { refused?: Refused }>({
  action: 'header',
  request: (saleId, { refused: _, ...body }) => call(salesApi.update, { params: { id: saleId }, body }),
  optimistic: ({ refused: _r, base: _b, overwrite: _o, ...header }) => editHeader(header),
  refusedTo: ({ refused }) => refused,
  refetchOnConflict: true,
  report: 'dialog',
});

// ─── Sections ──────────────────────────────────────────────────────────────────────────────────────────────────

export const useCreateSection = saleMutation<RouteInput<typeof saleSectionsApi.create>['body']>({
  action: 'createSection',
  request: (saleId, body) => call(saleSectionsApi.create, { params: { saleId }, body }),
  report: 'dialog',
});

export const useDuplicateSection = saleMutation<{ sectionId: string }>({
  action: 'duplicateSection',
  request: (saleId, { sectionId }) => call(saleSectionsApi.duplicate, { params: { saleId, sectionId } }),
  targets: ({ sectionId }) => ({ section: sectionId }),
  report: 'dialog',
});

/**
 * A section renamed (`base`: the name it was based on, a change since is refused; `overwrite`: replacing the name
 * the refusal named), or its presentation set. `refused`: the section's row, which asks about an edit conflict with
 * the typed name (the 'Error' dialog when it cannot).
 */
type SectionChange = {
  sectionId: string;
  name?: string;
  presentation?: SectionPresentation;
  base?: { name: string };
  overwrite?: boolean;
  refused?: Refused;
};

export const useUpdateSection = saleMutation<SectionChange>({
  action: 'updateSection',
  request: (saleId, { sectionId, refused: _, ...body }) =>
    call(saleSectionsApi.update, { params: { saleId, sectionId }, body }),
  optimistic: ({ sectionId, ...patch }) => editSection(sectionId, patch),
  targets: ({ sectionId }) => ({ section: sectionId }),
  refusedTo: ({ refused }) => refused,
  refetchOnConflict: true,
  report: 'dialog',
});

export const useDeleteSection = saleMutation<{ sectionId: string }>({
  action: 'deleteSection',
  request: (saleId, { sectionId }) => call(saleSectionsApi.remove, { params: { saleId, sectionId } }),
  targets: ({ sectionId }) => ({ section: sectionId }),
  report: 'dialog',
});

export const useReorderSections = saleMutation<{ from: number; to: number }>({
  action: 'reorderSections',
  request: (saleId, { from, to }) =>
    call(saleSectionsApi.reorder, { params: { saleId, oldIndex: from, newIndex: to } }),
  optimistic: ({ from, to }, sale) => {
    const id = sale.sections[from]?._id;
    return id === undefined ? (s) => s : moveSection(id, to);
  },
  report: 'dialog',
});

/** Copies sections of this sale into `destination` (this sale or another one). */
export const useCopySections = saleMutation<
  { destination: string } & Omit<RouteInput<typeof saleSectionsApi.copy>['body'], '_id'>
>({
  action: 'copySections',
  request: (saleId, { destination, ...body }) =>
    call(saleSectionsApi.copy, { params: { destinationSaleId: destination }, body: { ...body, _id: saleId } }),
  report: 'dialog',
});

// ─── Lines ─────────────────────────────────────────────────────────────────────────────────────────────────────

/** `refused`: the edited cell, which shows a refusal beside the typed text (the snackbar when it cannot). */
export const useUpdateLines = saleMutation<{
  sectionId: string;
  changes: LineChanges[];
  refused?: (message: string, err: unknown) => boolean;
}>({
  action: 'updateLines',
  request: (saleId, { sectionId, changes }) =>
    call(saleLinesApi.update, { params: { saleId, sectionId }, body: changes }),
  optimistic: ({ sectionId, changes }) => editLines(sectionId, changes),
  targets: ({ sectionId, changes }) => ({ section: sectionId, lines: changes.map((c) => c._id) }),
  refusedTo: ({ refused }) => refused,
  report: 'snackbar',
});

export const useDeleteLines = saleMutation<{ sectionId: string; ids: string[] }>({
  action: 'deleteLines',
  request: (saleId, { sectionId, ids }) => call(saleLinesApi.remove, { params: { saleId, sectionId }, body: ids }),
  optimistic: ({ sectionId, ids }) => removeLines(sectionId, ids),
  targets: ({ sectionId, ids }) => ({ section: sectionId, lines: ids }),
  report: 'snackbar',
});

export const useSetMarkup = saleMutation<{ sectionId: string; ids: string[]; markup: string }>({
  action: 'setMarkup',
  request: (saleId, { sectionId, ids, markup }) =>
    call(saleLinesApi.markup, { params: { saleId, sectionId }, body: { ids, markup } }),
  optimistic: ({ sectionId, ids, markup }) => markupLines(sectionId, ids, markup),
  targets: ({ sectionId, ids }) => ({ section: sectionId, lines: ids }),
  report: 'snackbar',
});

/** Moves the line at `from` so that it ends up at index `to` (the server's line_insertion_point). */
export const useReorderLines = saleMutation<{ sectionId: string; from: number; to: number }>({
  action: 'reorderLines',
  request: (saleId, { sectionId, from, to }) =>
    call(saleLinesApi.reorder, { params: { saleId, sectionId }, body: { index: from, line_insertion_point: to } }),
  optimistic: ({ sectionId, from, to }, sale) => {
    const id = sale.sections.find((s) => s._id === sectionId)?.lines[from]?._id;
    return id === undefined ? (s) => s : moveLine(sectionId, id, to);
  },
  targets: ({ sectionId }) => ({ section: sectionId }),
  report: 'snackbar',
});

export const useCreateLines = saleMutation<
  { sectionId: string; lines: { product: number; quantity: string | number }[]; sequence: number },
  CreateLinesResult
>({
  action: 'createLines',
  request: (saleId, { sectionId, lines, sequence }) =>
    call(saleLinesApi.create, {
      params: { saleId, sectionId },
      body: { lines: lines.map((l) => ({ product: l.product, quantity: String(l.quantity) })), sequence },
    }),
  targets: ({ sectionId }) => ({ section: sectionId }),
  report: 'snackbar',
});

export const useCreateTextLine = saleMutation<{
  sectionId: string;
  kind: 'note' | 'header';
  name: string;
  sequence: number;
}>({
  action: 'createTextLine',
  request: (saleId, { sectionId, kind, name, sequence }) =>
    call(saleLinesApi[kind], { params: { saleId, sectionId }, body: { name, sequence } }),
  targets: ({ sectionId }) => ({ section: sectionId }),
  report: 'snackbar',
});

/**
 * Pasted lines (docs/product/screens.md#paste-lines) at an insertion point, as one edit. A refusal is not reported
 * here: the Paste lines dialog shows it and keeps its rows (the rejected promise of mutateAsync).
 */
export const usePasteLines = saleMutation<
  { sectionId: string; sequence: number; lines: PasteLinesBody['lines'] },
  PasteLinesAnswer
>({
  action: 'pasteLines',
  request: (saleId, { sectionId, sequence, lines }) =>
    call(saleLinesApi.paste, { params: { saleId, sectionId }, body: { lines, sequence } }),
  refusedTo: () => () => true,
  report: 'snackbar',
});

export const useMoveLines = saleMutation<
  { from: string; to: string; type: LineMoveType; ids: string[] },
  MoveLinesResult
>({
  action: 'moveLines',
  request: (saleId, { from, to, type, ids }) =>
    call(saleLinesApi.move, { params: { saleId, fromSection: from, toSection: to, type }, body: ids }),
  targets: ({ from, ids }) => ({ section: from, lines: ids }),
  report: 'snackbar',
});
