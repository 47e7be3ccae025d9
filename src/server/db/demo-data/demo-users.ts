// The demo sign-in users: one per role in MN, a Market Admin for every other market, a single-market
// user, a user with different roles in two markets, and a user deactivated in their market to reactivate.
// Their ids are fixed so that tests and documentation can name them.
import type { MarketCode, Role } from '../../../shared/enums';

export type DemoUserDefinition = {
  key: string;
  id: string;
  azureUserId: string;
  name: string;
  email: string;
  roles: Partial<Record<MarketCode, Role>>;
  /** Markets of `roles` where the account is deactivated (activation is per market). */
  inactiveIn: MarketCode[];
};

const user = (n: number, key: string, name: string, roles: DemoUserDefinition['roles'], inactiveIn: MarketCode[] = []): DemoUserDefinition => ({
  key,
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  azureUserId: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name,
  email: `${key}@demo.greenvault.example`,
  roles,
  inactiveIn,
});

export const DEMO_USERS = {
  mnAdmin: user(1, 'alex.morgan', 'Alex Morgan', { MN: 'Market Admin' }),
  mnSalesManager: user(2, 'sam.rivera', 'Sam Rivera', { MN: 'Sales Manager' }),
  mnSalesPerson: user(3, 'jordan.lee', 'Jordan Lee', { MN: 'Sales Person' }),
  mnFulfilment: user(4, 'casey.nguyen', 'Casey Nguyen', { MN: 'Fulfilment Person' }),
  nvAdmin: user(5, 'priya.shah', 'Priya Shah', { NV: 'Market Admin' }),
  ilAdmin: user(6, 'marcus.bell', 'Marcus Bell', { IL: 'Market Admin' }),
  mdAdmin: user(7, 'elena.petrova', 'Elena Petrova', { MD: 'Market Admin' }),
  njAdmin: user(8, 'tom.okafor', 'Tom Okafor', { NJ: 'Market Admin' }),
  flAdmin: user(9, 'grace.kim', 'Grace Kim', { FL: 'Market Admin' }),
  flSalesPerson: user(10, 'riley.chen', 'Riley Chen', { FL: 'Sales Person' }),
  twoMarkets: user(11, 'dana.brooks', 'Dana Brooks', { MN: 'Sales Manager', NJ: 'Fulfilment Person' }),
  deactivated: user(12, 'pat.quinn', 'Pat Quinn', { MN: 'Sales Person' }, ['MN']),
  mdSecondAdmin: user(13, 'luis.ortega', 'Luis Ortega', { MD: 'Market Admin' }),
} satisfies Record<string, DemoUserDefinition>;

export type DemoUserKey = keyof typeof DEMO_USERS;
