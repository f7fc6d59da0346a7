/** Loads `pg` (an optional peer) when a PostgreSQL engine is opened, never before. */
import { assertPeers } from '../../peers/assertPeers';

/** The driver's pieces the engine uses. */
export interface PgModules {
  Pool: typeof import('pg').Pool;
  Client: typeof import('pg').Client;
  /** The driver's value parsers, by type oid (as configured with `pg.types.setTypeParser`). */
  types: typeof import('pg').types;
}

let loaded: Promise<PgModules> | undefined;

/** `pg`, or a `MissingPeerError` naming what to install. */
export function loadPg(): Promise<PgModules> {
  assertPeers('toolwright/sql (PostgreSQL)', ['pg']);
  loaded ??= import('pg').then((pg) => {
    const driver = (pg as { default?: typeof import('pg') }).default ?? pg;
    return { Pool: driver.Pool, Client: driver.Client, types: driver.types };
  });
  return loaded;
}
