/**
 * Queries built and compiled once, then run with new values. Kysely builds and compiles a query
 * anew on every call (some 10 µs: as long as running most of our reads), and the reads every
 * request makes (the session) or that answer many readers at once (a sheet) repeat the same
 * few shapes thousands of times a second. The SQL is compiled by the database it runs on, so
 * it stays that dialect's; its statement is then reused as any other (database.ts).
 */
import { createQueryId, type Compilable, type CompiledQuery } from 'kysely';
import type SQLite from 'better-sqlite3';
import { directReader, type Queryable } from './database';

/** Stands for a value in the built query; no stored value starts with a NUL. */
const placeholder = (name: string) => `\u0000${name}`;

interface Compiled<R> {
  query: CompiledQuery<R>;
  /**
   * On SQLite outside a transaction: the statement on the database's reader (decision 036), which
   * answers arrays, and the names of their columns.
   */
  statement?: { reader: SQLite.Statement; columns: string[] };
  /** For each of the compiled query's parameters: the value's name, or the value itself. */
  slots: ({ name: string } | { value: unknown })[];
}

/**
 * A query whose values are named: `build` gets `value(name)` to put where a value goes. Only
 * for queries whose shape does not depend on the values (no `in` lists of varying length).
 */
export function preparedQuery<Names extends string, R>(
  build: (db: Queryable, value: (name: Names) => string) => Compilable<R>,
): (db: Queryable, values: Record<Names, unknown>) => Promise<R[]> {
  // One per database: a transaction compiles for itself, as a query built in it would.
  const compiled = new WeakMap<Queryable, Compiled<R>>();
  const compile = (db: Queryable): Compiled<R> => {
    const query = build(db, placeholder).compile();
    const slots = query.parameters.map((parameter) =>
      typeof parameter === 'string' && parameter.startsWith('\u0000')
        ? { name: parameter.slice(1) }
        : { value: parameter },
    );
    const statement = directReader(db)?.prepare(query.sql);
    // Only a query that returns rows may skip Kysely; none of ours writes, but one would go there.
    if (!statement?.reader) return { query, slots };
    const columns = statement.columns().map((column) => column.name);
    return { query, slots, statement: { reader: statement.raw(true), columns } };
  };
  return async (db, values) => {
    let entry = compiled.get(db);
    if (!entry) {
      entry = compile(db);
      compiled.set(db, entry);
    }
    const named = values as Record<string, unknown>;
    const parameters = entry.slots.map((slot) => ('name' in slot ? named[slot.name] : slot.value));
    if (entry.statement)
      return rowsOf(entry.statement.reader.all(parameters) as unknown[][], entry.statement.columns);
    // An id of its own, as each built query has: plugins keep their state by it.
    const result = await db.executeQuery<R>({ ...entry.query, parameters, queryId: createQueryId() });
    return result.rows;
  };
}

/**
 * Rows as objects, from the arrays a raw statement answers. better-sqlite3 makes its objects one
 * property at a time through V8's API; made here, each row of a query takes the same shape, and
 * a sheet's 60 records of 16 columns came in 128 µs instead of 207 µs (the same values; a name
 * twice keeps the last, as better-sqlite3's own objects do).
 */
function rowsOf<R>(arrays: unknown[][], columns: readonly string[]): R[] {
  const rows = new Array<R>(arrays.length);
  for (let index = 0; index < arrays.length; index++) {
    const values = arrays[index]!;
    const row: Record<string, unknown> = {};
    for (let column = 0; column < columns.length; column++) row[columns[column]!] = values[column];
    rows[index] = row as R;
  }
  return rows;
}
