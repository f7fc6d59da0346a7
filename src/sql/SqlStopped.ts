/**
 * A catalog read (`list_tables`, `describe_table`) stopped because the call's signal aborted
 * (the caller cancelled, or the call's time limit passed): the engine ended its work on the
 * database (cancelled the statement, stopped the worker's statement) and rejects with this.
 */
export class SqlStopped extends Error {
  constructor() {
    super('the call was cancelled');
    this.name = 'SqlStopped';
  }
}
