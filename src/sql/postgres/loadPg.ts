/** Loads `pg` and `pg-cursor` (optional peers) when a PostgreSQL engine is opened, never before. */
import { assertPeers } from '../../peers/assertPeers';

/** The driver's pieces the engine uses. */
export interface PgModules {
  Pool: typeof import('pg').Pool;
  Client: typeof import('pg').Client;
  Cursor: typeof import('pg-cursor');
}

let loaded: Promise<PgModules> | undefined;

/** `pg` and `pg-cursor`, or a `MissingPeerError` naming what to install. */
export function loadPg(): Promise<PgModules> {
  assertPeers('toolwright/sql (PostgreSQL)', ['pg', 'pg-cursor']);
  loaded ??= Promise.all([import('pg'), import('pg-cursor')]).then(([pg, cursor]) => {
    const driver = (pg as { default?: typeof import('pg') }).default ?? pg;
    const Cursor = ((cursor as { default?: PgModules['Cursor'] }).default ??
      cursor) as PgModules['Cursor'];
    return { Pool: driver.Pool, Client: driver.Client, Cursor };
  });
  return loaded;
}
