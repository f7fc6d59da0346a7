/**
 * `ts-node bench/toolsearch/writeToolNames.ts`: rewrites `bench/toolsearch/toolNames.txt`, the list
 * of the realistic project's tools (`name<TAB>service`, no descriptions) given to whoever writes
 * the evaluation queries without seeing the JSDoc.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { toolNamesText } from './realisticProject';

writeFileSync(join(__dirname, 'toolNames.txt'), toolNamesText());
