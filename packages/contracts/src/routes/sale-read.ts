// GET /api/sales/{id} (docs/product/api.md#sales), in a module of its own: the web app's first read of a sale starts
// before the rest of its code is evaluated (apps/web lib/salePrefetch.ts), and takes this definition without the other
// sales routes and their schemas (a bundle keeps a module whole). salesApi (routes/sales.ts) holds it too.
import { z } from 'zod';
import { route } from '../http';
import { saleSchema } from '../sales';

export const saleIdParams = z.strictObject({ id: z.uuid('Unknown sale id') });

export const saleReadRoute = route({
  method: 'GET',
  path: '/api/sales/:id',
  summary: 'A whole sale; its ETag is its version (If-None-Match with it answers 304)',
  tag: 'Sales',
  params: saleIdParams,
  answers: { 200: { cachedJson: saleSchema }, 304: null },
});
