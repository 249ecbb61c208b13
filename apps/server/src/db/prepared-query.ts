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
   * answers arrays, and the function that makes each its row (`rowMaker`).
   */
  statement?: { reader: SQLite.Statement; rowOf: (values: readonly unknown[]) => R };
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
    return { query, slots, statement: { reader: statement.raw(true), rowOf: rowMaker<R>(columns) } };
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
      return (entry.statement.reader.all(parameters) as unknown[][]).map(entry.statement.rowOf);
    // An id of its own, as each built query has: plugins keep their state by it.
    const result = await db.executeQuery<R>({ ...entry.query, parameters, queryId: createQueryId() });
    return result.rows;
  };
}

/**
 * A row as an object, from the array a raw statement answers. better-sqlite3 makes its objects
 * one property at a time through V8's API; made by one loop for every query, the properties were
 * set through one store that had seen every query's names (megamorphic), some 5 % of a sheet made
 * anew in a profile. Each statement gets a function of its own that writes its row as one object
 * literal, so every row of a query has the same shape from the start (decision 036). The names
 * are the statement's own columns, written as JSON strings; a name twice keeps the last, as in
 * better-sqlite3's objects.
 */
function rowMaker<R>(columns: readonly string[]): (values: readonly unknown[]) => R {
  // In a literal, "__proto__" would set the prototype instead of a property; no column of ours is so named.
  if (columns.includes('__proto__')) throw new Error('A column named __proto__');
  const properties = columns.map((column, index) => `${JSON.stringify(column)}: values[${index}]`);
  return new Function('values', `return { ${properties.join(', ')} };`) as (values: readonly unknown[]) => R;
}
