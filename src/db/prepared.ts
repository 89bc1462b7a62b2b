// Named (prepared) statements for the hot calls: the bag and the checkout. On PostgreSQL through
// node-postgres a named statement is parsed and planned once per connection and then only bound and
// run, so a call sends its values, not its text; PGlite runs in the process and takes the same
// statement by its text. The SQL is built once per process, not per call (decision 0049).
import type { Query, SQL } from "drizzle-orm";
import { PgDialect, type PgSession } from "drizzle-orm/pg-core";
import type { Db, Tx } from "./client.ts";

const dialect = new PgDialect();

/**
 * A statement with named values (`sql.placeholder("cartId")`), built once and run by name. Its text
 * must never depend on the values: each shape of the statement is a statement of its own, with a
 * name of its own (PostgreSQL refuses a name that comes back with another text on a connection).
 */
export function preparedStatement<Row>(name: string, build: () => SQL) {
  let query: Query | undefined;
  return async (db: Db | Tx, values: Record<string, unknown>): Promise<Row[]> => {
    query ??= dialect.sqlToQuery(build());
    const session = (db as unknown as { _: { session: PgSession } })._.session;
    const statement = session.prepareQuery(query, undefined, name, false);
    const result = (await statement.execute(values)) as { rows: Row[] };
    return result.rows;
  };
}
