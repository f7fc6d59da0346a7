/**
 * Flattens class-validator's error tree into the lines the model reads, one per problem:
 * `items[0].quantity: quantity must not be greater than 99`.
 */
import type { ValidationError } from 'class-validator';
import { childPath } from './propertyPath';

/** class-validator names an array's elements by their index, as a string. */
const pathTo = (parent: string, property: string): string =>
  childPath(parent, /^\d+$/.test(property) ? Number(property) : property);

/** One `path: message` line per failed constraint, depth first, in class-validator's order. */
export function formatValidationErrors(errors: readonly ValidationError[], parent = ''): string[] {
  const lines: string[] = [];
  for (const error of errors) {
    const path = pathTo(parent, error.property);
    for (const [constraint, message] of Object.entries(error.constraints ?? {})) {
      if (constraint === 'whitelistValidation') {
        lines.push(`${path}: property ${error.property} should not exist`);
      } else {
        lines.push(`${path}: ${message}`);
      }
    }
    if (error.children?.length) lines.push(...formatValidationErrors(error.children, path));
  }
  return lines;
}
