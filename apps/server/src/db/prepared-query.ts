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
  /** On SQLite outside a transaction: the statement on the database's reader (decision 036). */
  statement?: SQLite.Statement;
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
    const reader = directReader(db);
    const statement = reader?.prepare(query.sql);
    // Only a query that returns rows may skip Kysely; none of ours writes, but one would go there.
    return { query, slots, statement: statement?.reader ? statement : undefined };
  };
  return async (db, values) => {
    let entry = compiled.get(db);
    if (!entry) {
      entry = compile(db);
      compiled.set(db, entry);
    }
    const named = values as Record<string, unknown>;
    const parameters = entry.slots.map((slot) => ('name' in slot ? named[slot.name] : slot.value));
    if (entry.statement) return entry.statement.all(parameters) as R[];
    // An id of its own, as each built query has: plugins keep their state by it.
    const result = await db.executeQuery<R>({ ...entry.query, parameters, queryId: createQueryId() });
    return result.rows;
  };
}
