/**
 * A shared DTO package's compiled declarations, as `node_modules/@acme/dto` ships them: the
 * decorator has no body codegen can read, only its signature.
 */
import type { ValidationOptions } from 'class-validator';

/** A currency the shop takes. */
export declare function IsShopCurrency(options?: ValidationOptions): PropertyDecorator;
