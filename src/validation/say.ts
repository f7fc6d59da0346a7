/**
 * The wording of one problem line, as class-validator words its messages (`quantity must be …`
 * after the path), so the model reads one style from the schema gate and the validators. Shared
 * by the structural checks (`checkSchema`) and the scalar ones (`checkScalar`).
 */
import { leafOf } from './propertyPath';

/** `items[0].quantity` + `must be …` → `items[0].quantity: quantity must be …`, as class-validator words it. */
export const say = (path: string, text: string): string => `${path}: ${leafOf(path)} ${text}`;
