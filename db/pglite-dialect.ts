import type { PGlite } from '@electric-sql/pglite';
import type { DatabaseConnection, Dialect, Driver } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';

/**
 * kysely-pglite-dialect, with one change: a statement waits for one turn of the event loop
 * before it runs (docs/decisions/0050-pglite-statements-yield-to-the-event-loop.md).
 *
 * PGlite runs in the server's own thread. The dialect hands its one connection from statement to
 * statement by resolving promises, so while statements are queued they run back to back inside
 * one microtask checkpoint, and no socket is read or written until the queue is empty. Under 100
 * concurrent searches some connections then waited 5–10 s for their turn
 * (`npm run bench -- search-load`, timeouts) while others were answered in 200 ms. Waiting for
 * setImmediate first lets pending I/O in between statements, so requests are served in turn.
 */
export class YieldingPGliteDialect implements Dialect {
  readonly #inner: PGliteDialect;

  constructor(pglite: PGlite) {
    this.#inner = new PGliteDialect(pglite);
  }

  createAdapter() {
    return this.#inner.createAdapter();
  }

  createDriver(): Driver {
    const driver = this.#inner.createDriver();
    const acquire = driver.acquireConnection.bind(driver);
    driver.acquireConnection = async (): Promise<DatabaseConnection> => {
      const connection = await acquire();
      await new Promise<void>((resolve) => setImmediate(resolve));
      return connection;
    };
    return driver;
  }

  createIntrospector(...args: Parameters<PGliteDialect['createIntrospector']>) {
    return this.#inner.createIntrospector(...args);
  }

  createQueryCompiler() {
    return this.#inner.createQueryCompiler();
  }
}
