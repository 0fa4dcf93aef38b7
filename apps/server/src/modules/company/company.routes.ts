import { companyApi } from '@quotewright/contracts';
import type { FastifyInstance } from 'fastify';
import { requires } from '../../plugins/auth';
import { serve } from '../../plugins/contract-routes';
import { typedRoutes } from '../../plugins/typed-routes';
import { originOf } from '../audit/audit.routes';
import type { CompanyService } from './company.service';

/** The ERP company of customer documents and the documents' settings (packages/contracts routes/company.ts). */
export function companyRoutes(app: FastifyInstance, deps: { company: CompanyService }) {
  const r = typedRoutes(app);
  const { company } = deps;
  serve(r, companyApi.company, async (req) => company.company(req.user));
  serve(r, companyApi.logo, async (req, reply) => {
    const logo = await company.logo(req.user);
    // An SVG from the ERP is shown as an image only: no script of it runs in the app's origin.
    return reply
      .header('cache-control', 'private, max-age=300')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .type(logo.type)
      .send(logo.bytes);
  });
  serve(r, companyApi.documentSettings, async (req) => company.documentSettings(req.user));
  serve(
    r,
    companyApi.setDocumentSettings,
    async (req) => company.setDocumentSettings(req.user, req.body, originOf(req)),
    requires('settings.manage'),
  );
}
