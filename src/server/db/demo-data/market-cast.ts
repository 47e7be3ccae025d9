// Which demo users act in a market's generated history: who creates orders, approves them and picks them.
import type { MarketCode, Role } from '../../../shared/enums';
import { DEMO_USERS } from './demo-users';

export type MarketCast = {
  admins: string[];
  /** Roles that may create orders (Market Admin, Sales Manager, Sales Person). */
  creators: string[];
  /** Roles that may approve, reject and move orders on (Market Admin, Sales Manager). */
  approvers: string[];
  /** Fulfilment persons; a market without one is picked by its admins. */
  pickers: string[];
};

export function castOf(code: MarketCode): MarketCast {
  const active = Object.values(DEMO_USERS).filter((user) => user.roles[code] && !user.inactiveIn.includes(code));
  const holding = (...roles: Role[]) => active.filter((user) => roles.includes(user.roles[code]!)).map((user) => user.id);
  const admins = holding('Market Admin');
  const fulfilment = holding('Fulfilment Person');
  return {
    admins,
    creators: holding('Market Admin', 'Sales Manager', 'Sales Person'),
    approvers: holding('Market Admin', 'Sales Manager'),
    pickers: fulfilment.length > 0 ? fulfilment : admins,
  };
}
