import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';
import { StoreUnavailable } from '../records';
import { isUnavailable, takeClient } from './pool';

/** Values a statement binds. */
export type Values = ReadonlyArray<unknown>;

/**
 * The pool, with transactions that follow the work they wrap: a statement run inside `transaction(work)`, however
 * deep in the calls `work` makes, runs on that transaction's connection (nested calls become savepoints), and any
 * other on a pooled connection. Statements are prepared once per connection, by name.
 */
export class Database {
  readonly #current = new AsyncLocalStorage<{ client: pg.PoolClient; depth: number }>();

  constructor(readonly pool: pg.Pool) {}

  async query<R extends pg.QueryResultRow>(name: string, text: string, values: Values = []): Promise<R[]> {
    return (await this.#run<R>({ name, text, values: [...values] })).rows;
  }

  /** A statement planned for its values each time it runs (no prepared plan): its rows. */
  async unnamed<R extends pg.QueryResultRow>(text: string, values: Values = []): Promise<R[]> {
    return (await this.#run<R>({ text, values: [...values] })).rows;
  }

  async #run<R extends pg.QueryResultRow>(query: pg.QueryConfig): Promise<pg.QueryResult<R>> {
    const runner = this.#current.getStore()?.client ?? this.pool;
    try {
      return await runner.query<R>(query);
    } catch (error) {
      throw isUnavailable(error) ? new StoreUnavailable({ cause: error }) : error;
    }
  }

  /** The first row, or undefined. */
  async one<R extends pg.QueryResultRow>(
    name: string,
    text: string,
    values: Values = [],
  ): Promise<R | undefined> {
    return (await this.query<R>(name, text, values))[0];
  }

  /** How many rows a write changed. */
  async run(name: string, text: string, values: Values = []): Promise<number> {
    return (await this.#run({ name, text, values: [...values] })).rowCount ?? 0;
  }

  get inTransaction(): boolean {
    return this.#current.getStore() !== undefined;
  }

  async transaction<T>(work: () => Promise<T>): Promise<T> {
    const outer = this.#current.getStore();
    if (outer !== undefined) {
      const savepoint = `s${outer.depth}`;
      await outer.client.query(`SAVEPOINT ${savepoint}`);
      try {
        const result = await this.#current.run({ client: outer.client, depth: outer.depth + 1 }, work);
        await outer.client.query(`RELEASE SAVEPOINT ${savepoint}`);
        return result;
      } catch (error) {
        await outer.client.query(`ROLLBACK TO SAVEPOINT ${savepoint}`);
        throw error;
      }
    }
    const { client, release } = await takeClient(this.pool).catch((error: unknown) => {
      throw isUnavailable(error) ? new StoreUnavailable({ cause: error }) : error;
    });
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const result = await this.#current.run({ client, depth: 1 }, work);
      await client.query('COMMIT');
      return result;
    } catch (failure) {
      const error = isUnavailable(failure) ? new StoreUnavailable({ cause: failure }) : failure;
      await client.query('ROLLBACK').catch((rollback: unknown) => {
        // The connection is gone with its transaction: it must not go back to the pool.
        broken = rollback instanceof Error ? rollback : new Error(String(rollback));
      });
      throw error;
    } finally {
      release(broken);
    }
  }
}
