/**
 * Marks a context as inside an agent's `execute_tool` span, so the registry, asked to trace its
 * calls too, does not make a second span for a call the agent already traces.
 */
import type { OtelApi, OtelContext } from './otelApi';

let key: symbol | undefined;

const keyOf = (api: OtelApi): symbol => (key ??= api.createContextKey('toolwright.tool-span'));

/** `context`, marked as inside a tool span. */
export const inToolSpan = (api: OtelApi, context: OtelContext): OtelContext =>
  context.setValue(keyOf(api), true);

/** Whether the active context is inside a tool span. */
export const insideToolSpan = (api: OtelApi): boolean =>
  api.context.active().getValue(keyOf(api)) === true;
