// An ES module whose default export is an async factory of the registry.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { createShopRegistry } = require('./shopRegistry.ts');

export default async () => createShopRegistry();
