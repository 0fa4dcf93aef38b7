// Deterministic demo company. Same seed → same data. Master data goes straight into the store; documents
// (orders, invoices) go through the ORM so defaults, totals and analytic lines come out as Odoo makes them.
//
// Field names a connector needs:
// - manufacturer: product.template / product.product `x_manufacturer_id` → many2one `x.manufacturer` (name).
// - bundles: product.template `optional_product_ids` (related products, qty 1) AND a kit BoM
//   (`mrp.bom` type 'phantom', `bom_line_ids` → `mrp.bom.line` product_id + product_qty) on the bundle template.
import { setCredentials } from './auth.js';
import { createRecords, getRaw } from './orm.js';
import type { Env, Store } from './store.js';
import type { Rec } from './types.js';

export interface SeedOptions {
  size?: 'demo' | 'bench';
  seed?: number;
  login?: string;
  password?: string;
  apiKey?: string;
}

export const ADMIN_UID = 2;
export const DEMO_UID = 6;
export const DEMO_LOGIN = 'demo';
export const DEMO_PASSWORD = 'demo';
export const DEMO_API_KEY = 'odoo-sim-demo-user-key';
/** Seed documents are dated up to this day. */
export const SEED_ANCHOR = Date.UTC(2026, 10, 20, 9, 0, 0);

export function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Rng {
  constructor(readonly next: () => number) {}
  int(min: number, max: number) {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(arr: readonly T[]): T {
    return arr[Math.floor(this.next() * arr.length)]!;
  }
  chance(p: number) {
    return this.next() < p;
  }
  sample<T>(arr: readonly T[], n: number): T[] {
    const copy = [...arr];
    const out: T[] = [];
    while (out.length < n && copy.length) out.push(copy.splice(Math.floor(this.next() * copy.length), 1)[0]!);
    return out;
  }
}

const CATEGORY_TREE: [string, [string, string, number, number, string][]][] = [
  // parent, leaves: [name, code, min price, max price, uom]
  [
    'Hardware',
    [
      ['Networking', 'NET', 40, 2400, 'Units'],
      ['Servers', 'SRV', 1800, 14000, 'Units'],
      ['Storage', 'STO', 90, 6500, 'Units'],
      ['Laptops', 'LAP', 650, 3200, 'Units'],
      ['Desktops', 'DSK', 480, 2600, 'Units'],
      ['Monitors', 'MON', 120, 1900, 'Units'],
      ['Peripherals', 'PER', 12, 260, 'Units'],
      ['Cables', 'CBL', 3, 90, 'm'],
      ['Power', 'PWR', 25, 3800, 'Units'],
      ['Audio Video', 'AV', 60, 5200, 'Units'],
    ],
  ],
  [
    'Furniture',
    [
      ['Desks', 'DES', 180, 1900, 'Units'],
      ['Chairs', 'CHR', 90, 1400, 'Units'],
      ['Cabinets', 'CAB', 110, 1200, 'Units'],
      ['Lighting', 'LGT', 25, 450, 'Units'],
    ],
  ],
  [
    'Software',
    [
      ['Licenses', 'LIC', 30, 4800, 'Units'],
      ['Subscriptions', 'SUB', 8, 900, 'Units'],
    ],
  ],
  [
    'Services',
    [
      ['Installation', 'INS', 60, 180, 'Hours'],
      ['Support', 'SUP', 70, 220, 'Hours'],
      ['Training', 'TRN', 400, 2400, 'Days'],
    ],
  ],
  [
    'Consumables',
    [
      ['Paper', 'PAP', 4, 60, 'Units'],
      ['Ink & Toner', 'INK', 18, 240, 'Units'],
    ],
  ],
  [
    'Security',
    [
      ['Cameras', 'CAM', 80, 1800, 'Units'],
      ['Access Control', 'ACC', 60, 2600, 'Units'],
      ['Alarms', 'ALM', 40, 1500, 'Units'],
    ],
  ],
];

const NOUNS: Record<string, string[]> = {
  NET: ['Switch', 'Router', 'Access Point', 'Firewall', 'Patch Panel', 'Network Adapter', 'Mesh Node', 'Gateway'],
  SRV: ['Rack Server', 'Tower Server', 'Blade Server', 'Edge Server', 'GPU Server'],
  STO: ['NAS', 'SAN Array', 'SSD', 'Hard Drive', 'Tape Drive', 'Backup Appliance'],
  LAP: ['Notebook', 'Ultrabook', 'Workstation Laptop', 'Convertible', 'Rugged Laptop'],
  DSK: ['Mini PC', 'Tower PC', 'All-in-One', 'Workstation', 'Thin Client'],
  MON: ['Monitor', 'Curved Display', 'Portable Display', 'Touch Display', 'Signage Panel'],
  PER: ['Keyboard', 'Mouse', 'Headset', 'Webcam', 'Docking Station', 'Presenter', 'USB Hub'],
  CBL: ['Cat6 Cable', 'Cat6A Cable', 'Fiber Patch Cord', 'HDMI Cable', 'Power Cord', 'USB-C Cable'],
  PWR: ['UPS', 'PDU', 'Surge Protector', 'Battery Pack', 'Power Supply'],
  AV: ['Projector', 'Speaker Bar', 'Conference Camera', 'Video Bar', 'Microphone Array', 'Display Mount'],
  DES: ['Standing Desk', 'Corner Desk', 'Meeting Table', 'Desk Frame', 'Reception Desk'],
  CHR: ['Task Chair', 'Conference Chair', 'Lounge Chair', 'Stool', 'Executive Chair'],
  CAB: ['Filing Cabinet', 'Storage Cabinet', 'Locker', 'Pedestal', 'Bookcase'],
  LGT: ['Desk Lamp', 'Floor Lamp', 'LED Panel', 'Monitor Light Bar'],
  LIC: ['Office Suite License', 'Antivirus License', 'CAD License', 'Server License', 'Backup License'],
  SUB: ['Cloud Storage Plan', 'Email Security Plan', 'Video Meeting Plan', 'Endpoint Management Plan'],
  INS: ['On-site Installation', 'Rack Mounting', 'Cabling Service', 'Configuration Service'],
  SUP: ['Remote Support', 'On-site Support', 'Priority Support', 'Maintenance Visit'],
  TRN: ['Admin Training', 'End-user Training', 'Security Workshop', 'Onboarding Course'],
  PAP: ['Copy Paper', 'Label Roll', 'Notebook Pack', 'Sticky Notes'],
  INK: ['Toner Cartridge', 'Ink Cartridge', 'Drum Unit', 'Maintenance Kit'],
  CAM: ['Dome Camera', 'Bullet Camera', 'PTZ Camera', 'Video Recorder'],
  ACC: ['Card Reader', 'Door Controller', 'Keypad', 'Turnstile Module'],
  ALM: ['Motion Sensor', 'Door Contact', 'Siren', 'Alarm Panel'],
};

const ADJECTIVES = [
  'Pro',
  'Lite',
  'Plus',
  'Max',
  'Mini',
  'Ultra',
  'Compact',
  'Prime',
  'Core',
  'Edge',
  'Flex',
  'Air',
  'One',
  'X',
  'S',
];

const MANUFACTURERS = [
  'Acmetron',
  'Borealis Systems',
  'Cobalt Works',
  'Dunmore Devices',
  'Everline',
  'Fenwick Labs',
  'Granite Peak',
  'Halcyon Tech',
  'Ironbridge',
  'Juniper Vale',
  'Kestrel Electronics',
  'Lumenfield',
  'Meridian Office',
  'Northwind Components',
  'Orion Forge',
  'Pinecrest',
  'Quartzline',
  'Redwood Data',
  'Silverstone Design',
  'Tidewater',
  'Umbra Security',
  'Vantage Point',
  'Westbrook',
  'Xenon Audio',
  'Yellowfin',
  'Zephyr Networks',
  'Alder & Finch',
  'Bluecastle',
  'Cinder Systems',
  'Driftwood Furniture',
];

const CUSTOMER_A = [
  'Blue',
  'Harbor',
  'Summit',
  'Cedar',
  'Atlas',
  'Pioneer',
  'Silver',
  'Oak',
  'Maple',
  'River',
  'Stone',
  'Golden',
  'Pacific',
  'Lakeside',
  'Granite',
  'Sunrise',
  'Evergreen',
  'Highland',
  'Coastal',
  'Prairie',
  'Falcon',
  'Beacon',
  'Copper',
  'Willow',
];
const CUSTOMER_B = [
  'Ridge',
  'Valley',
  'Point',
  'Bay',
  'Creek',
  'Field',
  'Hill',
  'Park',
  'Grove',
  'Crest',
  'Brook',
  'Gate',
  'Haven',
  'Forge',
];
const CUSTOMER_C = [
  'Logistics',
  'Dental',
  'Architects',
  'Law Group',
  'Engineering',
  'Clinic',
  'Foods',
  'Media',
  'Consulting',
  'Realty',
  'Schools',
  'Hotels',
  'Manufacturing',
  'Insurance',
  'Labs',
  'Partners',
  'Retail',
  'Studios',
  'Energy',
  'Transport',
];
const CITIES: [string, string, string][] = [
  ['San Francisco', '94107', 'US'],
  ['Oakland', '94607', 'US'],
  ['San Jose', '95113', 'US'],
  ['Fremont', '94538', 'US'],
  ['Sacramento', '95814', 'US'],
  ['Portland', '97204', 'US'],
  ['Seattle', '98101', 'US'],
  ['Denver', '80202', 'US'],
  ['Chicago', '60601', 'US'],
  ['Austin', '78701', 'US'],
  ['Boston', '02108', 'US'],
  ['Toronto', 'M5H 2N2', 'CA'],
  ['Vancouver', 'V6B 1A1', 'CA'],
  ['Montreal', 'H2Y 1C6', 'CA'],
];
const STREETS = [
  'Market St',
  'Main St',
  'Oak Ave',
  'Pine St',
  'Harbor Blvd',
  'Industrial Way',
  'Commerce Dr',
  'Elm St',
  'Lake Rd',
  'Park Ave',
];
const FIRST = [
  'Alex',
  'Jordan',
  'Taylor',
  'Morgan',
  'Casey',
  'Riley',
  'Jamie',
  'Avery',
  'Quinn',
  'Drew',
  'Skyler',
  'Reese',
  'Cameron',
  'Dana',
  'Emerson',
  'Harper',
  'Kendall',
  'Logan',
  'Parker',
  'Rowan',
];
const LAST = [
  'Nguyen',
  'Garcia',
  'Smith',
  'Patel',
  'Kim',
  'Johnson',
  'Martin',
  'Lee',
  'Brown',
  'Lopez',
  'Wilson',
  'Clark',
  'Lewis',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Green',
];

export interface SeedResult {
  adminUid: number;
  demoUid: number;
  productCount: number;
  ms: number;
}

export function seed(store: Store, opts: SeedOptions = {}): SeedResult {
  const t0 = performance.now();
  const rng = new Rng(mulberry32(opts.seed ?? 42));
  const microRng = mulberry32((opts.seed ?? 42) ^ 0x5eed);
  const v = store.version;
  const prevMicro = store.microSource;
  store.microSource = microRng;
  store.maxNow = SEED_ANCHOR;
  let clock = SEED_ANCHOR - 400 * 86400e3;
  store.fixedNow = clock;
  const tick = (ms = 1000 + Math.floor(microRng() * 5000)) => {
    clock += ms;
    store.fixedNow = clock;
  };
  const stamp = () => ({ create_date: store.clockNow(), write_date: store.clockNow(), create_uid: 2, write_uid: 2 });
  const env: Env = { store, version: v, uid: ADMIN_UID, context: {}, now: () => store.clockNow() };
  const ins = (model: string, vals: Record<string, unknown>): Rec => store.insert(model, { ...stamp(), ...vals });
  // standard_price is company-dependent: the Canadian company (4) buys 8 % dearer than company 1.
  const companyCosts = (cost: number) => ({ '1': cost, '4': Math.round(cost * 108) / 100 });
  const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

  // ---------------------------------------------------------------- reference data
  ins('res.currency', { id: 1, name: 'USD', symbol: '$', active: true, rounding: 0.01 });
  ins('res.currency', { id: 2, name: 'EUR', symbol: '€', active: true, rounding: 0.01 });
  ins('res.currency', { id: 3, name: 'CAD', symbol: '$', active: true, rounding: 0.01 });
  ins('res.country', { id: 233, name: 'United States', code: 'US' });
  ins('res.country', { id: 38, name: 'Canada', code: 'CA' });
  const countryId = (code: string) => (code === 'CA' ? 38 : 233);
  for (const [id, name] of [
    [1, 'Role / User'],
    [2, 'Role / Administrator'],
    [10, 'Technical / Show Accounting Features - Readonly'],
    [11, 'Analytic Accounting'],
    [12, 'Sales / User: Own Documents Only'],
    [13, 'Sales / User: All Documents'],
    [14, 'Sales / Administrator'],
    [15, 'Inventory / User'],
    [16, 'Invoicing / Billing'],
    [17, 'Portal'],
  ] as const)
    ins('res.groups', { id, name });

  if (v === 18) {
    ins('uom.category', { id: 1, name: 'Unit' });
    ins('uom.category', { id: 2, name: 'Weight' });
    ins('uom.category', { id: 3, name: 'Working Time' });
    ins('uom.category', { id: 4, name: 'Length / Distance' });
  }
  const uoms: [number, string, number, string, number][] = [
    [1, 'Units', 1, 'reference', 1],
    [2, 'Dozens', 1 / 12, 'bigger', 1],
    [3, 'Days', 1, 'reference', 3],
    [4, 'Hours', 8, 'smaller', 3],
    [5, 'm', 1, 'reference', 4],
    [6, 'cm', 100, 'smaller', 4],
    [7, 'kg', 1, 'reference', 2],
    [8, 'g', 1000, 'smaller', 2],
  ];
  for (const [id, name, factor, type, cat] of uoms)
    ins('uom.uom', {
      id,
      name,
      factor,
      rounding: 0.01,
      active: true,
      ...(v === 18
        ? { category_id: cat, uom_type: type }
        : {
            relative_factor: 1 / factor,
            relative_uom_id: type === 'reference' ? false : ({ 2: 1, 4: 3, 6: 5, 8: 7 }[id] ?? false),
            sequence: id,
          }),
    });
  const uomByName = new Map(uoms.map((u) => [u[1], u[0]]));

  // ---------------------------------------------------------------- companies, users, teams
  const addr = () => {
    const [city, zip, cc] = rng.pick(CITIES);
    return { street: `${rng.int(10, 9999)} ${rng.pick(STREETS)}`, city, zip, country_id: countryId(cc) };
  };
  ins('res.partner', {
    id: 1,
    name: 'Quotewright Demo Inc.',
    is_company: true,
    type: 'contact',
    active: true,
    email: 'info@demo.example.com',
    phone: '+1 415 555 0100',
    street: '250 Executive Park Blvd',
    city: 'San Francisco',
    zip: '94134',
    country_id: 233,
    website: 'https://demo.example.com',
    company_id: 1,
  });
  ins('res.partner', { id: 2, name: 'OdooBot', type: 'contact', active: false, email: 'odoobot@example.com' });
  ins('res.partner', {
    id: 3,
    name: 'Mitchell Admin',
    type: 'contact',
    active: true,
    parent_id: 1,
    email: 'admin@demo.example.com',
    ...addr(),
  });
  ins('res.partner', {
    id: 4,
    name: 'Quotewright Demo Canada Ltd.',
    is_company: true,
    type: 'contact',
    active: true,
    email: 'canada@demo.example.com',
    phone: '+1 416 555 0199',
    street: '100 King St W',
    city: 'Toronto',
    zip: 'M5X 1A9',
    country_id: 38,
    company_id: 4,
  });
  ins('res.company', {
    id: 1,
    name: 'Quotewright Demo Inc.',
    partner_id: 1,
    currency_id: 1,
    sequence: 10,
    active: true,
    company_registry: 'C-100200',
  });
  ins('res.company', {
    id: 4,
    name: 'Quotewright Demo Canada Ltd.',
    partner_id: 4,
    currency_id: 3,
    sequence: 20,
    active: true,
    company_registry: false,
  });
  store.update('res.partner', 1, { company_id: 1 });

  ins('crm.team', { id: 1, name: 'Direct Sales', sequence: 10, active: true, company_id: false });
  ins('crm.team', { id: 2, name: 'Key Accounts', sequence: 20, active: true, company_id: 1 });
  ins('crm.team', { id: 3, name: 'Canada', sequence: 30, active: true, company_id: 4 });
  ins('crm.team', { id: 4, name: 'Pre-Sales', sequence: 40, active: true, company_id: false });

  const internalGroups = v === 18 ? { groups_id: [1, 10, 11, 13, 15, 16] } : { group_ids: [1, 10, 11, 13, 15, 16] };
  ins('res.users', {
    id: 1,
    login: '__system__',
    partner_id: 2,
    company_id: 1,
    company_ids: [1, 4],
    share: false,
    active: false,
  });
  ins('res.users', {
    id: ADMIN_UID,
    login: opts.login ?? 'admin',
    partner_id: 3,
    company_id: 1,
    company_ids: [1, 4],
    share: false,
    active: true,
    sale_team_id: 1,
    ...(v === 18 ? { groups_id: [1, 2, 10, 11, 14, 15, 16] } : { group_ids: [1, 2, 10, 11, 14, 15, 16] }),
  });
  setCredentials(store, ADMIN_UID, { password: opts.password ?? 'admin', apiKeys: opts.apiKey ? [opts.apiKey] : [] });
  // uids 3..11: salespersons (10 and 11 sell for the Canadian company); uid 6 is the restricted demo user.
  const salesNames = [
    'Paula Reyes',
    'Omar Haddad',
    'Nadia Petrov',
    'Marc Demo',
    'Victor Chen',
    'Grace Okafor',
    'Tomás Silva',
    'Hannah Brooks',
    'Isabelle Roy',
  ];
  const userIds: number[] = [ADMIN_UID];
  let pid = 5;
  for (let i = 0; i < salesNames.length; i++) {
    const uid = 3 + i;
    const name = salesNames[i]!;
    const login =
      uid === DEMO_UID
        ? DEMO_LOGIN
        : name
            .toLowerCase()
            .normalize('NFD')
            .replace(/[^\w ]/g, '')
            .replace(/ /g, '.');
    const p = ins('res.partner', {
      id: pid++,
      name,
      type: 'contact',
      active: true,
      parent_id: uid === 10 || uid === 11 ? 4 : 1,
      email: `${login}@demo.example.com`,
      phone: `+1 415 555 01${String(10 + i)}`,
    });
    ins('res.users', {
      id: uid,
      login,
      partner_id: p.id,
      company_id: uid === 10 || uid === 11 ? 4 : 1,
      company_ids: uid === 10 || uid === 11 ? [4] : [1, 4],
      share: false,
      active: true,
      sale_team_id: uid === 10 || uid === 11 ? 3 : uid === DEMO_UID ? 4 : rng.pick([1, 2]),
      ...(uid === DEMO_UID ? (v === 18 ? { groups_id: [1, 12] } : { group_ids: [1, 12] }) : internalGroups),
    });
    if (uid === DEMO_UID) setCredentials(store, uid, { password: DEMO_PASSWORD, apiKeys: [DEMO_API_KEY] });
    userIds.push(uid);
  }
  const salesUids = userIds.filter((u) => u !== 10 && u !== 11);
  const canadaUids = [10, 11];
  store.update('crm.team', 1, { user_id: ADMIN_UID });
  store.update('crm.team', 3, { user_id: 10 });

  // ---------------------------------------------------------------- customers
  const customerIds: number[] = [];
  const usedNames = new Set<string>();
  const nCustomers = 320;
  while (customerIds.length < nCustomers) {
    let name = `${rng.pick(CUSTOMER_A)} ${rng.pick(CUSTOMER_B)} ${rng.pick(CUSTOMER_C)}`;
    if (usedNames.has(name)) name = `${name} ${rng.int(2, 9)}`;
    if (usedNames.has(name)) continue;
    usedNames.add(name);
    const a = addr();
    const slug = name.toLowerCase().replace(/[^a-z]+/g, '');
    const p = ins('res.partner', {
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
  const customerAddr = new Map<number, { invoice: number; delivery: number; contacts: number[] }>();
  for (const cid of customerIds) {
    const c = store.get('res.partner', cid)!;
    const inv = ins('res.partner', {
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
    const del = ins('res.partner', {
      name: rng.pick(['Warehouse', 'Loading Dock', 'Receiving', 'Main Site']),
      type: 'delivery',
      parent_id: cid,
      active: true,
      ...addr(),
    });
    const contacts: number[] = [];
    for (let k = rng.int(0, 2); k > 0; k--) {
      const first = rng.pick(FIRST);
      const last = rng.pick(LAST);
      contacts.push(
        ins('res.partner', {
          name: `${first} ${last}`,
          type: 'contact',
          parent_id: cid,
          active: true,
          street: c.street,
          city: c.city,
          zip: c.zip,
          country_id: c.country_id,
          email: `${first}.${last}@${String(c.email).split('@')[1]}`.toLowerCase(),
          function: rng.pick(['Purchasing', 'IT Manager', 'Office Manager', 'CFO']),
        }).id,
      );
    }
    customerAddr.set(cid, { invoice: inv.id, delivery: del.id, contacts });
  }
  // vendors (for bills)
  const vendorIds: number[] = [];
  for (const mname of MANUFACTURERS.slice(0, 12))
    vendorIds.push(
      ins('res.partner', {
        name: `${mname} Distribution`,
        is_company: true,
        type: 'contact',
        active: true,
        supplier_rank: 1,
        ...addr(),
      }).id,
    );
  // portal users (share = true) on customer contacts
  let portalUid = 20;
  for (const cid of customerIds.slice(0, 5)) {
    const contact = customerAddr.get(cid)!.contacts[0] ?? customerAddr.get(cid)!.invoice;
    const p = store.get('res.partner', contact)!;
    ins('res.users', {
      id: portalUid++,
      login: String(p.email ?? `portal${portalUid}@example.com`),
      partner_id: contact,
      company_id: 1,
      company_ids: [1],
      share: true,
      active: true,
      ...(v === 18 ? { groups_id: [17] } : { group_ids: [17] }),
    });
  }

  // ---------------------------------------------------------------- catalog
  ins('product.category', { id: 1, name: 'All' });
  const leafCats: { id: number; code: string; min: number; max: number; uom: number; name: string; parent: string }[] =
    [];
  for (const [parent, leaves] of CATEGORY_TREE) {
    const p = ins('product.category', { name: parent, parent_id: 1 });
    for (const [name, code, min, max, uom] of leaves)
      leafCats.push({
        id: ins('product.category', { name, parent_id: p.id }).id,
        code,
        min,
        max,
        uom: uomByName.get(uom) ?? 1,
        name,
        parent,
      });
  }
  const manufacturerIds = MANUFACTURERS.map(
    (name) =>
      ins('x.manufacturer', {
        name,
        active: true,
        website: `https://www.${name.toLowerCase().replace(/[^a-z]+/g, '')}.example.com`,
      }).id,
  );
  ins('account.tax', {
    id: 1,
    name: '0% Exempt',
    amount: 0,
    type_tax_use: 'sale',
    company_id: 1,
    active: true,
    sequence: 1,
  });

  const nProducts = opts.size === 'bench' ? 50_000 : 2_000;
  const productIds: number[] = [];
  const productInfo: {
    id: number;
    tmpl: number;
    price: number;
    cost: number;
    cat: (typeof leafCats)[number];
    storable: boolean;
    service: boolean;
    active: boolean;
  }[] = [];
  const codes = new Set<string>();
  for (let i = 0; i < nProducts; i++) {
    const cat = leafCats[i % leafCats.length]!;
    const mIdx = rng.int(0, manufacturerIds.length - 1);
    const brand = MANUFACTURERS[mIdx]!;
    const noun = rng.pick(NOUNS[cat.code]!);
    const adj = rng.pick(ADJECTIVES);
    const series = rng.int(100, 9900);
    const name = `${brand.split(' ')[0]} ${noun} ${adj} ${series}`;
    let code = `${cat.code}-${brand.slice(0, 3).toUpperCase()}${String(series).padStart(4, '0')}`;
    while (codes.has(code)) code = `${code}${String.fromCharCode(65 + rng.int(0, 25))}`;
    codes.add(code);
    const raw = cat.min + (cat.max - cat.min) * rng.next() ** 2;
    const price = raw < 20 ? Math.round(raw * 100) / 100 : Math.round(raw) - (rng.chance(0.5) ? 0.01 : 0);
    const cost = Math.round(price * (0.5 + rng.next() * 0.3) * 100) / 100;
    const service = cat.parent === 'Services' || cat.parent === 'Software';
    const active = !(i % 53 === 52);
    const tmpl = ins('product.template', {
      name,
      default_code: code,
      list_price: price,
      standard_price: companyCosts(cost),
      categ_id: cat.id,
      uom_id: cat.uom,
      description_sale: `${brand} ${noun.toLowerCase()} (${adj}). ${rng.pick(['Includes a 3-year warranty.', 'Ships in 2-3 business days.', 'Volume discounts available.', 'Certified for enterprise use.', 'Energy efficient design.'])}`,
      sale_ok: true,
      purchase_ok: true,
      type: service ? 'service' : 'consu',
      is_storable: !service,
      active,
      company_id: false,
      x_manufacturer_id: manufacturerIds[mIdx],
      barcode: service ? false : `0${String(7_000_000_000_000 + i * 7919)}`.slice(0, 13),
    });
    const prod = ins('product.product', {
      product_tmpl_id: tmpl.id,
      default_code: code,
      standard_price: companyCosts(cost),
      active,
      barcode: tmpl.barcode,
    });
    productIds.push(prod.id);
    productInfo.push({ id: prod.id, tmpl: tmpl.id, price, cost, cat, storable: !service, service, active });
  }
  const sellable = productInfo.filter((p) => p.active);
  const goods = sellable.filter((p) => p.storable);

  // bundles: kit BoM with component quantities + optional products
  const nBundles = 60;
  for (let b = 0; b < nBundles; b++) {
    const comps = rng.sample(goods, rng.int(2, 5));
    const main = comps[0]!;
    const name = `${rng.pick(['Starter', 'Office', 'Branch', 'Classroom', 'Conference Room', 'Remote Worker', 'Retail', 'Studio'])} ${rng.pick(['Kit', 'Bundle', 'Pack', 'Set'])} ${b + 1}`;
    const price = Math.round(comps.reduce((s, c) => s + c.price, 0) * 0.92);
    const cost = Math.round(comps.reduce((s, c) => s + c.cost, 0) * 100) / 100;
    const code = `KIT-${String(b + 1).padStart(3, '0')}`;
    const tmpl = ins('product.template', {
      name,
      default_code: code,
      list_price: price,
      standard_price: companyCosts(cost),
      categ_id: main.cat.id,
      uom_id: 1,
      description_sale: `${name}: ${comps.length} components, pre-configured.`,
      sale_ok: true,
      purchase_ok: false,
      type: 'consu',
      is_storable: false,
      active: true,
      x_manufacturer_id: store.get('product.template', main.tmpl)!.x_manufacturer_id,
      optional_product_ids: rng.sample(sellable, rng.int(1, 3)).map((p) => p.tmpl),
    });
    const prod = ins('product.product', {
      product_tmpl_id: tmpl.id,
      default_code: code,
      standard_price: companyCosts(cost),
      active: true,
    });
    productIds.push(prod.id);
    productInfo.push({
      id: prod.id,
      tmpl: tmpl.id,
      price,
      cost,
      cat: main.cat,
      storable: false,
      service: false,
      active: true,
    });
    const bom = ins('mrp.bom', {
      code: `BOM-${code}`,
      type: 'phantom',
      product_tmpl_id: tmpl.id,
      product_id: false,
      product_qty: 1,
      product_uom_id: 1,
      active: true,
      sequence: b,
      company_id: false,
    });
    comps.forEach((c, i) => {
      ins('mrp.bom.line', {
        bom_id: bom.id,
        product_id: c.id,
        product_qty: i === 0 ? 1 : rng.int(1, 4),
        product_uom_id: 1,
        sequence: i + 1,
      });
    });
  }
  // a few plain products also carry optional products
  for (const p of rng.sample(sellable, 40))
    store.update('product.template', p.tmpl, {
      optional_product_ids: rng
        .sample(sellable, rng.int(1, 2))
        .map((x) => x.tmpl)
        .filter((t) => t !== p.tmpl),
    });

  // ---------------------------------------------------------------- stock
  const loc = (vals: Record<string, unknown>) => ins('stock.location', { active: true, ...vals }).id;
  const physical = loc({ name: 'Physical Locations', usage: 'view', company_id: false });
  const partnersLoc = loc({ name: 'Partners', usage: 'view', company_id: false });
  const virtual = loc({ name: 'Virtual Locations', usage: 'view', company_id: false });
  loc({ name: 'Vendors', usage: 'supplier', location_id: partnersLoc, company_id: false });
  loc({ name: 'Customers', usage: 'customer', location_id: partnersLoc, company_id: false });
  const adjust = loc({ name: 'Inventory adjustment', usage: 'inventory', location_id: virtual, company_id: 1 });
  const internal: { id: number; company: number }[] = [];
  for (const [company, code, wname] of [
    [1, 'WH', 'San Francisco Warehouse'],
    [4, 'TOR', 'Toronto Warehouse'],
  ] as const) {
    const view = loc({ name: code, usage: 'view', location_id: physical, company_id: company });
    const stock = loc({
      name: 'Stock',
      usage: 'internal',
      location_id: view,
      company_id: company,
      barcode: `${code}STOCK`,
    });
    internal.push({ id: stock, company });
    for (const shelf of ['Shelf 1', 'Shelf 2', 'Shelf 3'])
      internal.push({ id: loc({ name: shelf, usage: 'internal', location_id: stock, company_id: company }), company });
    loc({ name: 'Output', usage: 'internal', location_id: view, company_id: company, active: false });
    ins('stock.warehouse', {
      name: wname,
      code,
      company_id: company,
      view_location_id: view,
      lot_stock_id: stock,
      partner_id: company === 1 ? 1 : 4,
      active: true,
      sequence: company,
    });
  }
  const stockedGoods = goods.slice(0, Math.min(goods.length, 6000));
  const lotProducts = new Set(rng.sample(stockedGoods, 40).map((p) => p.id));
  let lotSeq = 1;
  for (const p of stockedGoods) {
    if (!rng.chance(0.75)) continue;
    const places = rng.sample(internal, rng.int(1, 2));
    for (const place of places) {
      const qty = rng.int(1, 120);
      const reserved = rng.chance(0.25) ? rng.int(0, Math.floor(qty / 2)) : 0;
      let lotId: number | false = false;
      if (lotProducts.has(p.id))
        lotId = ins('stock.lot', {
          name: `LOT-${String(lotSeq++).padStart(6, '0')}`,
          product_id: p.id,
          company_id: place.company,
        }).id;
      ins('stock.quant', {
        product_id: p.id,
        location_id: place.id,
        lot_id: lotId,
        quantity: qty,
        reserved_quantity: reserved,
        inventory_quantity: 0,
        in_date: store.clockNow(),
      });
      if (rng.chance(0.1))
        ins('stock.quant', {
          product_id: p.id,
          location_id: adjust,
          lot_id: lotId,
          quantity: -qty,
          reserved_quantity: 0,
          in_date: store.clockNow(),
        });
    }
  }

  // ---------------------------------------------------------------- accounting setup
  const accounts = new Map<string, number>(); // `${company}:${code}` → id
  const chart: [string, string, string, boolean][] = [
    ['101401', 'Bank', 'asset_cash', false],
    ['101402', 'Bank Suspense Account', 'asset_current', false],
    ['110100', 'Stock Valuation', 'asset_current', false],
    ['121000', 'Account Receivable', 'asset_receivable', true],
    ['131000', 'Tax Paid', 'asset_current', false],
    ['211000', 'Account Payable', 'liability_payable', true],
    ['251000', 'Tax Received', 'liability_current', false],
    ['400000', 'Product Sales', 'income', false],
    ['410000', 'Service Revenue', 'income', false],
    ['500000', 'Cost of Goods Sold', 'expense_direct_cost', false],
    ['600000', 'Expenses', 'expense', false],
    ['610000', 'Subcontracting', 'expense', false],
    ['620000', 'Travel', 'expense', false],
  ];
  for (const company of [1, 4]) {
    for (const [code, name, type, reconcile] of chart)
      accounts.set(
        `${company}:${code}`,
        ins('account.account', {
          code: { [String(company)]: code }, // company-dependent: no code in the other company
          name,
          account_type: type,
          company_ids: [company],
          reconcile,
          ...(v === 19 ? { active: true } : { deprecated: false }),
        }).id,
      );
    ins('account.journal', {
      name: 'Customer Invoices',
      code: 'INV',
      type: 'sale',
      company_id: company,
      sequence: 5,
      active: true,
    });
    ins('account.journal', {
      name: 'Vendor Bills',
      code: 'BILL',
      type: 'purchase',
      company_id: company,
      sequence: 6,
      active: true,
    });
    ins('account.journal', {
      name: 'Bank',
      code: 'BNK1',
      type: 'bank',
      company_id: company,
      sequence: 7,
      active: true,
    });
    ins('account.journal', {
      name: 'Miscellaneous Operations',
      code: 'MISC',
      type: 'general',
      company_id: company,
      sequence: 9,
      active: true,
    });
  }

  // analytic plans & accounts
  ins('account.analytic.plan', { id: 1, name: 'Project', default_applicability: 'optional', sequence: 10, color: 1 });
  ins('account.analytic.plan', {
    id: 2,
    name: 'Departments',
    default_applicability: 'optional',
    sequence: 20,
    color: 2,
  });
  ins('account.analytic.plan', {
    id: 3,
    name: 'Internal',
    default_applicability: 'unavailable',
    sequence: 30,
    color: 3,
  });
  const projectTypes = [
    ins('account.analytic.plan', { name: 'Installation Projects', parent_id: 1, sequence: 11 }).id,
    ins('account.analytic.plan', { name: 'Managed Services', parent_id: 1, sequence: 12 }).id,
    ins('account.analytic.plan', { name: 'Hardware Rollouts', parent_id: 1, sequence: 13 }).id,
  ];
  const projectAccounts: { id: number; partner: number; company: number }[] = [];
  const projectCustomers = rng.sample(customerIds.slice(0, 200), 48);
  projectCustomers.forEach((cid, i) => {
    const company = i % 6 === 5 ? 4 : 1;
    const partner = store.get('res.partner', cid)!;
    const acc = ins('account.analytic.account', {
      name: `${String(partner.name).split(' ').slice(0, 2).join(' ')} ${rng.pick(['Office Fit-out', 'Network Refresh', 'Support Contract', 'Rollout', 'Upgrade', 'Security Project'])}`,
      code: `PRJ-${String(i + 1).padStart(4, '0')}`,
      plan_id: i < 3 ? 1 : projectTypes[i % projectTypes.length],
      partner_id: cid,
      company_id: i % 4 === 0 ? false : company,
      active: i % 23 !== 22,
    });
    projectAccounts.push({ id: acc.id, partner: cid, company });
  });
  const deptAccounts = ['Sales', 'Operations', 'Engineering', 'Administration'].map(
    (name, i) =>
      ins('account.analytic.account', { name, code: `DEP-${i + 1}`, plan_id: 2, company_id: false, active: true }).id,
  );
  ins('account.analytic.account', {
    name: 'Internal Tools',
    code: 'INT-1',
    plan_id: 3,
    company_id: false,
    active: true,
  });

  // ---------------------------------------------------------------- quotation templates
  const templateIds: number[] = [];
  const templateDefs = [
    'Small Office Setup',
    'Conference Room AV',
    'Network Refresh',
    'Managed Support Plan',
    'Security Starter',
    'Remote Worker Kit',
  ];
  templateDefs.forEach((name, t) => {
    const tpl = ins('sale.order.template', {
      name,
      active: t !== 5 || true,
      sequence: 10 + t,
      company_id: t === 4 ? 4 : 1,
      number_of_days: 30,
      require_signature: true,
      require_payment: false,
      prepayment_percent: 1,
      journal_id: false,
      mail_template_id: false,
      note: false,
    });
    templateIds.push(tpl.id);
    let seq = 10;
    for (let s = 0; s < rng.int(1, 3); s++) {
      ins('sale.order.template.line', {
        sale_order_template_id: tpl.id,
        sequence: seq,
        display_type: 'line_section',
        name: rng.pick(['Hardware', 'Installation', 'Licenses', 'Services', 'Accessories']),
        product_uom_qty: 0,
        product_uom_id: false,
        product_id: false,
        is_optional: false,
      });
      seq += 10;
      for (const p of rng.sample(sellable, rng.int(2, 5))) {
        ins('sale.order.template.line', {
          sale_order_template_id: tpl.id,
          sequence: seq,
          display_type: false,
          name: false,
          product_id: p.id,
          product_uom_qty: rng.int(1, 10),
          product_uom_id: p.cat.uom,
          is_optional: false,
        });
        seq += 10;
      }
    }
    ins('sale.order.template.line', {
      sale_order_template_id: tpl.id,
      sequence: seq,
      display_type: 'line_note',
      name: 'Prices valid for 30 days. Installation dates on request.',
      product_uom_qty: 0,
      product_id: false,
      is_optional: false,
    });
    seq += 10;
    const optional = rng.sample(sellable, rng.int(1, 3));
    if (v === 19) {
      ins('sale.order.template.line', {
        sale_order_template_id: tpl.id,
        sequence: seq,
        display_type: 'line_section',
        name: 'Optional Products',
        product_uom_qty: 0,
        product_id: false,
        is_optional: true,
      });
      seq += 10;
      for (const p of optional) {
        ins('sale.order.template.line', {
          sale_order_template_id: tpl.id,
          sequence: seq,
          display_type: false,
          name: false,
          product_id: p.id,
          product_uom_qty: 0,
          product_uom_id: p.cat.uom,
          is_optional: false,
        });
        seq += 10;
      }
    } else {
      for (const p of optional) {
        const pr = store.get('product.product', p.id)!;
        ins('sale.order.template.option', {
          sale_order_template_id: tpl.id,
          name: `[${pr.default_code}] ${store.get('product.template', p.tmpl)!.name}`,
          product_id: p.id,
          quantity: 1,
          uom_id: p.cat.uom,
          sequence: 10,
        });
      }
    }
  });

  // ---------------------------------------------------------------- sale orders (through the ORM)
  const nOrders = 240;
  const stateFor = (i: number): [string, boolean] => {
    const r = i % 12;
    if (r < 3) return ['draft', false];
    if (r < 5) return ['sent', false];
    if (r < 9) return ['sale', false];
    if (r < 10) return ['sale', true];
    return ['cancel', false];
  };
  const orderInfo: {
    id: number;
    state: string;
    locked: boolean;
    company: number;
    partner: number;
    analytic: number | false;
    date: number;
  }[] = [];
  const sectionNames = [
    'Hardware',
    'Installation',
    'Software',
    'Services',
    'Accessories',
    'Phase 1',
    'Phase 2',
    'Options',
  ];
  for (let i = 0; i < nOrders; i++) {
    clock = SEED_ANCHOR - (nOrders - i) * 1.4 * 86400e3 - rng.int(0, 40_000) * 1000;
    store.fixedNow = clock;
    const [state, locked] = stateFor(i);
    const company = i % 7 === 6 ? 4 : 1;
    const project = projectAccounts.filter((a) => a.company === company)[i % 20];
    const withProject = !!project && rng.chance(0.55);
    const partner = withProject ? project!.partner : rng.pick(customerIds.slice(0, 300));
    let uid = company === 4 ? rng.pick(canadaUids) : rng.pick(salesUids);
    if (i + 1 === 7 && uid === DEMO_UID) uid = ADMIN_UID;
    const a = customerAddr.get(partner)!;
    const lines: unknown[] = [];
    let seq = 10;
    const dist = withProject
      ? { [String(project!.id)]: 100 }
      : rng.chance(0.15)
        ? { [String(rng.pick(deptAccounts))]: 100 }
        : false;
    const nSections = rng.int(1, 3);
    for (let s = 0; s < nSections; s++) {
      lines.push([
        0,
        0,
        { display_type: 'line_section', name: sectionNames[(i + s) % sectionNames.length], sequence: seq },
      ]);
      seq += 10;
      if (v === 19 && rng.chance(0.2)) {
        lines.push([0, 0, { display_type: 'line_subsection', name: 'Details', sequence: seq }]);
        seq += 10;
      }
      for (let k = rng.int(1, 6); k > 0; k--) {
        const p = rng.pick(sellable.slice(0, 2000));
        const discount = rng.chance(0.2) ? rng.pick([5, 10, 15]) : 0;
        const manual = rng.chance(0.25);
        lines.push([
          0,
          0,
          {
            product_id: p.id,
            product_uom_qty: p.cat.uom === 5 ? rng.int(5, 300) : rng.int(1, 12),
            ...(manual ? { price_unit: Math.round(p.price * (0.85 + rng.next() * 0.2) * 100) / 100 } : {}),
            discount,
            sequence: seq,
            analytic_distribution: dist,
          },
        ]);
        seq += 10;
      }
      if (rng.chance(0.35)) {
        lines.push([
          0,
          0,
          {
            display_type: 'line_note',
            name: rng.pick([
              'Delivery to the loading dock only.',
              'Lead time 2-3 weeks.',
              'Customer provides rack space.',
              'Prices include on-site setup.',
            ]),
            sequence: seq,
          },
        ]);
        seq += 10;
      }
    }
    const [oid] = createRecords(env, 'sale.order', [
      {
        partner_id: partner,
        partner_invoice_id: a.invoice,
        partner_shipping_id: a.delivery,
        user_id: uid,
        company_id: company,
        client_order_ref: rng.chance(0.5) ? `PO-${rng.int(10000, 99999)}` : false,
        origin: i % 5 === 0 ? `Q${String(i + 1).padStart(5, '0')}` : false,
        sale_order_template_id: rng.chance(0.2) ? rng.pick(templateIds) : false,
        date_order: store.clockNow(),
        order_line: lines,
      },
    ]);
    tick(rng.int(60, 3600) * 1000);
    if (state !== 'draft') store.update('sale.order', oid!, { state, locked, write_date: store.clockNow() });
    orderInfo.push({
      id: oid!,
      state,
      locked,
      company,
      partner,
      analytic: withProject ? project!.id : false,
      date: clock,
    });
  }
  // one large order for benchmarks (1,000 lines)
  {
    store.fixedNow = clock = SEED_ANCHOR - 2 * 86400e3;
    const lines: unknown[] = [];
    for (let s = 0; s < 20; s++) {
      lines.push([0, 0, { display_type: 'line_section', name: `Site ${s + 1}`, sequence: s * 1000 }]);
      for (let k = 0; k < 49; k++) {
        const p = sellable[(s * 49 + k) % sellable.length]!;
        lines.push([0, 0, { product_id: p.id, product_uom_qty: 1 + (k % 5), sequence: s * 1000 + (k + 1) * 10 }]);
      }
    }
    createRecords(env, 'sale.order', [
      { partner_id: customerIds[0], user_id: ADMIN_UID, client_order_ref: 'BENCH-1000', order_line: lines },
    ]);
  }

  // ---------------------------------------------------------------- invoices, bills, payments
  const post = (moveId: number) => {
    const m = store.get('account.move', moveId)!;
    store.model('account.move').methods.action_post!(env, [m.id], {});
  };
  for (const o of orderInfo.filter((x) => x.state === 'sale')) {
    store.fixedNow = clock = o.date + rng.int(2, 20) * 86400e3;
    const lines = store
      .idsWhere('sale.order.line', 'order_id', o.id)
      .map((id) => store.get('sale.order.line', id)!)
      .filter((l) => !l.display_type);
    const invoiceDate = dateOf(Math.min(clock, SEED_ANCHOR));
    const [mid] = createRecords(env, 'account.move', [
      {
        move_type: 'out_invoice',
        partner_id: o.partner,
        company_id: o.company,
        invoice_date: invoiceDate,
        invoice_origin: store.get('sale.order', o.id)!.name,
        invoice_line_ids: lines.map((l) => [
          0,
          0,
          {
            product_id: l.product_id,
            name: String(l.name).split('\n')[0],
            quantity: l.product_uom_qty,
            price_unit: round2(((l.price_unit as number) ?? 0) * (1 - ((l.discount as number) ?? 0) / 100)),
            analytic_distribution: l.analytic_distribution ?? false,
            account_id: accounts.get(
              `${o.company}:${l.product_id && store.get('product.template', store.get('product.product', l.product_id as number)!.product_tmpl_id as number)?.type === 'service' ? '410000' : '400000'}`,
            ),
          },
        ]),
      },
    ]);
    store.update('sale.order', o.id, { invoice_ids_raw: [mid], invoice_status_raw: 'invoiced' });
    if (rng.chance(0.85)) {
      post(mid!);
      if (rng.chance(0.6)) {
        // payment
        const total = getRaw(env, 'account.move', store.get('account.move', mid!)!, 'amount_total') as number;
        store.fixedNow = clock += rng.int(5, 30) * 86400e3;
        const [pay] = createRecords(env, 'account.move', [
          {
            move_type: 'entry',
            company_id: o.company,
            date: dateOf(Math.min(clock, SEED_ANCHOR)),
            ref: `Payment ${store.get('account.move', mid!)!.name}`,
            journal_id: store.all('account.journal').find((j) => j.company_id === o.company && j.type === 'bank')!.id,
          },
        ]);
        createRecords(env, 'account.move.line', [
          {
            move_id: pay,
            account_id: accounts.get(`${o.company}:101401`),
            partner_id: o.partner,
            name: 'Customer payment',
            debit: total,
            credit: 0,
            display_type: 'product',
          },
          {
            move_id: pay,
            account_id: accounts.get(`${o.company}:121000`),
            partner_id: o.partner,
            name: 'Customer payment',
            debit: 0,
            credit: total,
            display_type: 'payment_term',
            reconciled: true,
            matching_number: `P${pay}`,
          },
        ]);
        store.update('account.move', pay!, {
          name: `BNK1/${dateOf(clock).slice(0, 4)}/${String(store.nextSeq(`bank.${o.company}`)).padStart(5, '0')}`,
          state: 'posted',
        });
        store.update('account.move', mid!, { payment_state: 'paid' });
      }
    } else {
      store.update('sale.order', o.id, { invoice_status_raw: 'to invoice' });
    }
  }
  // vendor bills: project costs (negative analytic lines) and overheads
  for (let b = 0; b < 260; b++) {
    const company = b % 6 === 5 ? 4 : 1;
    const project = rng.chance(0.7) ? rng.pick(projectAccounts.filter((a) => a.company === company)) : undefined;
    store.fixedNow = clock = SEED_ANCHOR - rng.int(1, 330) * 86400e3;
    const nLines = rng.int(1, 4);
    const lines: unknown[] = [];
    for (let k = 0; k < nLines; k++) {
      const p = rng.pick(sellable.slice(0, 2000));
      lines.push([
        0,
        0,
        {
          product_id: p.id,
          name: `${store.get('product.product', p.id)!.default_code} ${store.get('product.template', p.tmpl)!.name}`,
          quantity: rng.int(1, 5),
          price_unit: p.cost,
          account_id: accounts.get(`${company}:${rng.pick(['500000', '600000', '610000', '620000'])}`),
          analytic_distribution: project
            ? rng.chance(0.2)
              ? { [String(project.id)]: 60, [String(rng.pick(deptAccounts))]: 40 }
              : { [String(project.id)]: 100 }
            : false,
        },
      ]);
    }
    const [bill] = createRecords(env, 'account.move', [
      {
        move_type: 'in_invoice',
        partner_id: rng.pick(vendorIds),
        company_id: company,
        invoice_date: dateOf(clock),
        ref: `VB-${rng.int(1000, 9999)}`,
        invoice_line_ids: lines,
      },
    ]);
    if (rng.chance(0.8)) post(bill!);
  }
  // miscellaneous bank/fee entries to reach a few thousand journal items
  for (let e = 0; e < 800; e++) {
    const company = e % 5 === 4 ? 4 : 1;
    store.fixedNow = clock = SEED_ANCHOR - rng.int(1, 360) * 86400e3;
    const amount = round2(rng.int(500, 250_000) / 100);
    const [mv] = createRecords(env, 'account.move', [
      {
        move_type: 'entry',
        company_id: company,
        date: dateOf(clock),
        ref: rng.pick(['Bank fees', 'Card settlement', 'Transfer', 'Interest', 'Rent']),
        journal_id: store.all('account.journal').find((j) => j.company_id === company && j.type === 'bank')!.id,
      },
    ]);
    createRecords(env, 'account.move.line', [
      {
        move_id: mv,
        account_id: accounts.get(`${company}:101401`),
        name: `Statement line ${e + 1}`,
        debit: e % 2 ? amount : 0,
        credit: e % 2 ? 0 : amount,
        display_type: 'product',
      },
      {
        move_id: mv,
        account_id: accounts.get(`${company}:101402`),
        name: `Statement line ${e + 1}`,
        debit: e % 2 ? 0 : amount,
        credit: e % 2 ? amount : 0,
        display_type: 'product',
      },
    ]);
    if (e % 10 !== 9)
      store.update('account.move', mv!, {
        name: `BNK1/${dateOf(clock).slice(0, 4)}/${String(store.nextSeq(`bank.${company}`)).padStart(5, '0')}`,
        state: 'posted',
      });
  }

  ins('ir.config_parameter', { key: 'web.base.url', value: 'http://127.0.0.1:8069' });
  ins('ir.config_parameter', { key: 'database.uuid', value: '8f1c6a2e-5b7d-4e3a-9c1f-2d4b6a8e0c13' });

  store.fixedNow = undefined;
  store.maxNow = undefined;
  store.resetClock();
  store.microSource = prevMicro;
  return { adminUid: ADMIN_UID, demoUid: DEMO_UID, productCount: productIds.length, ms: performance.now() - t0 };
}

const round2 = (x: number) => Math.round((x + Number.EPSILON) * 100) / 100;
