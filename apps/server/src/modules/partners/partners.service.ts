import { type AuthUser, authorize } from '../../policy';
import type { PartnersRepository } from './partners.repository';

export function partnersService(repo: PartnersRepository) {
  return {
    /** Customers ({id, name}) with their invoice and delivery addresses. */
    async customers(actor: AuthUser | null) {
      authorize(actor, 'sales.view');
      return repo.customers();
    },
    async templates(actor: AuthUser | null) {
      authorize(actor, 'sales.view');
      return repo.templates();
    },
    async salespersons(actor: AuthUser | null) {
      authorize(actor, 'sales.view');
      return repo.salespersons();
    },
  };
}
export type PartnersService = ReturnType<typeof partnersService>;
