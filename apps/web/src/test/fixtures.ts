import type { ProductDetailDto } from '@quotewright/contracts';
import { defaultModules, defaultPreferences, type Module, type ModuleAccess } from '@quotewright/domain';
import type { User } from '../lib/types';

function base64Url(value: string): string {
  const binary = Array.from(new TextEncoder().encode(value), (b) => String.fromCharCode(b)).join('');
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned token shaped like the server's (the client never verifies signatures). */
export function makeToken(claims: { sub: string; name?: string; exp?: number; tv?: number }): string {
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(claims))}.signature`;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

export function makeUser(
  overrides: Partial<Omit<User, 'modules'>> & { modules?: Partial<Record<Module, ModuleAccess>> } = {},
): User {
  const { modules, ...rest } = overrides;
  return {
    _id: 'u1',
    name: 'Ada Lovelace',
    email: 'ada@example.test',
    isAdmin: false,
    date: '2024-03-05T14:30:00.000Z',
    azure_id: null,
    preferences: defaultPreferences(),
    ...rest,
    modules: { ...defaultModules(), ...modules },
  };
}

/** A catalog product as GET /api/products/{id} answers it (with its related products), with overrides. */
export function makeProduct(over: Partial<ProductDetailDto> & { id: number }): ProductDetailDto {
  const model = over.model ?? over.name ?? `P-${over.id}`;
  return {
    name: model,
    model,
    display_name: `Product ${over.id}`,
    manufacturer: { name: 'Acme' },
    part_number: null,
    description: `Product ${over.id}`,
    category: { name: 'Furniture' },
    price: '100.00',
    cost: '60.00',
    uom: { name: 'Units' },
    active: true,
    is_bundle: false,
    related_products: [],
    ...over,
  };
}
