// The activity feed of a sale (docs/product/screens.md#activity): read side. Entries are written by sales.service.ts `mutate()` (and by
// create and import) inside the change's transaction.
import type {
  ActivityDetail,
  ActivityEntryDto,
  ActivityKind,
  ActivityPageDto,
  ActivityQuery,
} from '@quotewright/contracts';
import type { SaleActivityRow } from '@quotewright/db';
import { notFound } from '../../errors';
import { type AuthUser, authorize } from '../../policy';
import type { ActivityRepository } from './activity.repository';
import type { SalesRepository } from './sales.repository';

export function toActivityDto(row: SaleActivityRow): ActivityEntryDto {
  return {
    _id: row.id,
    version: row.version,
    user: { id: row.userId, name: row.userName },
    kind: row.kind as ActivityKind,
    detail: row.detail as ActivityDetail,
    created_on: row.createdAt.toISOString(),
  };
}

export function activityService(deps: { activity: ActivityRepository; sales: Pick<SalesRepository, 'exists'> }) {
  return {
    /** A page of the sale's activity, newest first (sales view rights; 404 for an unknown sale). */
    async list(actor: AuthUser | null, saleId: string, q: ActivityQuery): Promise<ActivityPageDto> {
      authorize(actor, 'sales.view');
      if (!(await deps.sales.exists(saleId))) throw notFound('Sale');
      const { items, total } = await deps.activity.page(saleId, q.page * q.pageSize, q.pageSize);
      return { items: items.map(toActivityDto), total, page: q.page, pageSize: q.pageSize };
    },
  };
}
export type ActivityService = ReturnType<typeof activityService>;
