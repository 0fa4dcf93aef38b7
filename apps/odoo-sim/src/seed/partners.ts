// Customers (with their invoice and delivery addresses and contacts), vendors and portal users.
import { groupsOf, ins, type SeedCtx } from './context.js';
import { countryId } from './reference.js';
import { CITIES, CUSTOMER_A, CUSTOMER_B, CUSTOMER_C, FIRST, LAST, MANUFACTURERS, STREETS } from './words.js';

const N_CUSTOMERS = 320;
const DELIVERY_NAMES = ['Warehouse', 'Loading Dock', 'Receiving', 'Main Site'];
const CONTACT_FUNCTIONS = ['Purchasing', 'IT Manager', 'Office Manager', 'CFO'];
/** The first this many manufacturers also sell to the company (vendor bills). */
const N_VENDORS = 12;
const FIRST_PORTAL_UID = 20;
/** Portal users are contacts of the first this many customers. */
const N_PORTAL_USERS = 5;

export interface CustomerAddresses {
  invoice: number;
  delivery: number;
  contacts: number[];
}

export interface Partners {
  customerIds: number[];
  customerAddr: Map<number, CustomerAddresses>;
  vendorIds: number[];
}

export function randomAddress(ctx: SeedCtx) {
  const { rng } = ctx;
  const [city, zip, cc] = rng.pick(CITIES);
  return { street: `${rng.int(10, 9999)} ${rng.pick(STREETS)}`, city, zip, country_id: countryId(cc) };
}

/** Customers, their addresses, vendors and portal users; partner ids go on from `firstId`. */
export function seedPartners(ctx: SeedCtx, firstId: number): Partners {
  const customerIds = seedCustomers(ctx, firstId);
  const customerAddr = new Map<number, CustomerAddresses>();
  for (const cid of customerIds) customerAddr.set(cid, seedCustomerAddresses(ctx, cid));
  // vendors (for bills)
  const vendorIds: number[] = [];
  for (const mname of MANUFACTURERS.slice(0, N_VENDORS))
    vendorIds.push(
      ins(ctx, 'res.partner', {
        name: `${mname} Distribution`,
        is_company: true,
        type: 'contact',
        active: true,
        supplier_rank: 1,
        ...randomAddress(ctx),
      }).id,
    );
  seedPortalUsers(ctx, customerIds, customerAddr);
  return { customerIds, customerAddr, vendorIds };
}

function seedCustomers(ctx: SeedCtx, firstId: number): number[] {
  const { rng } = ctx;
  const customerIds: number[] = [];
  const usedNames = new Set<string>();
  let pid = firstId;
  while (customerIds.length < N_CUSTOMERS) {
    let name = `${rng.pick(CUSTOMER_A)} ${rng.pick(CUSTOMER_B)} ${rng.pick(CUSTOMER_C)}`;
    if (usedNames.has(name)) name = `${name} ${rng.int(2, 9)}`;
    if (usedNames.has(name)) continue;
    usedNames.add(name);
    const a = randomAddress(ctx);
    const slug = name.toLowerCase().replace(/[^a-z]+/g, '');
    const p = ins(ctx, 'res.partner', {
      id: pid++,
      name,
      is_company: true,
      type: 'contact',
      active: customerIds.length % 97 !== 96,
      customer_rank: rng.int(1, 20),
      email: `contact@${slug}.example.com`,
      phone: `+1 ${rng.int(200, 989)} 555 ${String(rng.int(0, 9999)).padStart(4, '0')}`,
      vat: rng.chance(0.6) ? `US${rng.int(10000000, 99999999)}` : false,
      ref: `C${String(customerIds.length + 1).padStart(4, '0')}`,
      website: `https://www.${slug}.example.com`,
      ...a,
    });
    customerIds.push(p.id);
  }
  return customerIds;
}

function seedCustomerAddresses(ctx: SeedCtx, cid: number): CustomerAddresses {
  const { store, rng } = ctx;
  const c = store.get('res.partner', cid)!;
  const inv = ins(ctx, 'res.partner', {
    name: 'Accounts Payable',
    type: 'invoice',
    parent_id: cid,
    active: true,
    street: c.street,
    city: c.city,
    zip: c.zip,
    country_id: c.country_id,
    email: `ap@${String(c.email).split('@')[1]}`,
  });
  const del = ins(ctx, 'res.partner', {
    name: rng.pick(DELIVERY_NAMES),
    type: 'delivery',
    parent_id: cid,
    active: true,
    ...randomAddress(ctx),
  });
  const contacts: number[] = [];
  for (let k = rng.int(0, 2); k > 0; k--) {
    const first = rng.pick(FIRST);
    const last = rng.pick(LAST);
    contacts.push(
      ins(ctx, 'res.partner', {
        name: `${first} ${last}`,
        type: 'contact',
        parent_id: cid,
        active: true,
        street: c.street,
        city: c.city,
        zip: c.zip,
        country_id: c.country_id,
        email: `${first}.${last}@${String(c.email).split('@')[1]}`.toLowerCase(),
        function: rng.pick(CONTACT_FUNCTIONS),
      }).id,
    );
  }
  return { invoice: inv.id, delivery: del.id, contacts };
}

// portal users (share = true) on customer contacts
function seedPortalUsers(ctx: SeedCtx, customerIds: number[], customerAddr: Map<number, CustomerAddresses>) {
  let portalUid = FIRST_PORTAL_UID;
  for (const cid of customerIds.slice(0, N_PORTAL_USERS)) {
    const contact = customerAddr.get(cid)!.contacts[0] ?? customerAddr.get(cid)!.invoice;
    const p = ctx.store.get('res.partner', contact)!;
    ins(ctx, 'res.users', {
      id: portalUid++,
      login: String(p.email ?? `portal${portalUid}@example.com`),
      partner_id: contact,
      company_id: 1,
      company_ids: [1],
      share: true,
      active: true,
      ...groupsOf(ctx.v, [17]),
    });
  }
}
