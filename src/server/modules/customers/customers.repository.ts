// SQL for the people an order names: buyers (customers), their MSO owners and the sales persons.
import { sql, type SQL } from 'drizzle-orm';
import type { Customer, MsoOwner, SalesPerson } from '../../../shared/api/orders';
import type { CustomerGroup } from '../../../shared/enums';
import { queryRows, type DbOrTx } from '../../db/client';
import { escapeLike } from '../../lib/sql-helpers';

export type CustomerRecord = Customer & { is_active: boolean };

const CUSTOMER_COLUMNS = sql`
  c.id as customer_id, c.name as customer_name, c.customer_group, c.mso_owner_id, m.name as mso_owner_name,
  c.sales_person_id, s.name as sales_person_name, c.is_active`;
const CUSTOMER_JOINS = sql`
  left join mso_owners m on m.id = c.mso_owner_id
  left join sales_persons s on s.id = c.sales_person_id`;

export type CustomerSearch = { marketId: number; group?: CustomerGroup; salesPersonIds?: number[]; search?: string };

/** Active buyers of the market, by name: the pickers offer only those an order may be placed for. */
export async function listCustomers(db: DbOrTx, query: CustomerSearch): Promise<Customer[]> {
  const conditions: SQL[] = [sql`c.market_id = ${query.marketId}`, sql`c.is_active`];
  if (query.group) conditions.push(sql`c.customer_group = ${query.group}`);
  if (query.salesPersonIds && query.salesPersonIds.length > 0) {
    conditions.push(sql`c.sales_person_id = any(${`{${query.salesPersonIds.join(',')}}`}::int[])`);
  }
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    conditions.push(sql`(c.name ilike ${pattern} or m.name ilike ${pattern})`);
  }
  const rows = await queryRows<CustomerRecord>(
    db,
    sql`select ${CUSTOMER_COLUMNS} from customers c ${CUSTOMER_JOINS} where ${sql.join(conditions, sql` and `)} order by c.name, c.id`,
  );
  return rows.map(({ is_active: _active, ...customer }) => customer);
}

/** One customer of the market, active or not; undefined for another market's id. */
export async function findCustomer(db: DbOrTx, marketId: number, customerId: number): Promise<CustomerRecord | undefined> {
  const [row] = await queryRows<CustomerRecord>(
    db,
    sql`select ${CUSTOMER_COLUMNS} from customers c ${CUSTOMER_JOINS} where c.market_id = ${marketId} and c.id = ${customerId}`,
  );
  return row;
}

export async function listSalesPersons(db: DbOrTx, marketId: number): Promise<SalesPerson[]> {
  return queryRows<SalesPerson>(
    db,
    sql`select id as sales_person_id, name as sales_person_name from sales_persons where market_id = ${marketId} order by name, id`,
  );
}

export async function findSalesPerson(db: DbOrTx, marketId: number, salesPersonId: number): Promise<SalesPerson | undefined> {
  const [row] = await queryRows<SalesPerson>(
    db,
    sql`select id as sales_person_id, name as sales_person_name from sales_persons where market_id = ${marketId} and id = ${salesPersonId}`,
  );
  return row;
}

/**
 * The market's MSO owners by name. With a group or sales persons, only owners of an active customer of that group
 * and of those sales persons (the menu's 'Select Dispensary Chain'); a search matches the owner's name.
 */
export async function listMsoOwners(db: DbOrTx, query: CustomerSearch): Promise<MsoOwner[]> {
  const conditions: SQL[] = [sql`m.market_id = ${query.marketId}`];
  const customerConditions: SQL[] = [];
  if (query.group) customerConditions.push(sql`c.customer_group = ${query.group}`);
  if (query.salesPersonIds && query.salesPersonIds.length > 0) {
    customerConditions.push(sql`c.sales_person_id = any(${`{${query.salesPersonIds.join(',')}}`}::int[])`);
  }
  if (customerConditions.length > 0) {
    conditions.push(sql`exists (select 1 from customers c where c.mso_owner_id = m.id and c.market_id = m.market_id and c.is_active and ${sql.join(customerConditions, sql` and `)})`);
  }
  if (query.search) conditions.push(sql`m.name ilike ${`%${escapeLike(query.search)}%`}`);
  return queryRows<MsoOwner>(
    db,
    sql`select m.id as mso_owner_id, m.name as mso_owner_name from mso_owners m where ${sql.join(conditions, sql` and `)} order by m.name, m.id`,
  );
}
