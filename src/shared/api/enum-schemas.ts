// Request-validation schemas of the enums, with messages that name the allowed values.
import { z } from 'zod';
import { CUSTOMER_GROUPS, MARKET_CODES, ROLES } from '../enums';

export const marketCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .pipe(z.enum(MARKET_CODES, { error: `must be one of ${MARKET_CODES.join(', ')}` }));
export const roleSchema = z.enum(ROLES, { error: `must be one of ${ROLES.join(', ')}` });
export const customerGroupSchema = z.enum(CUSTOMER_GROUPS, { error: 'must be INT or EXT' });
