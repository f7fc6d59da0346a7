/**
 * `toolwright/nest`: the NestJS module. The only part of toolwright that imports `@nestjs/*`
 * (optional peer dependencies); `import 'toolwright'` never loads them.
 */
import './requirePeers';
export { ToolwrightModule } from './ToolwrightModule';
export { ANTHROPIC_CLIENT, TOOLWRIGHT_OPTIONS } from './constants';
export type {
  ToolwrightAgentOptions,
  ToolwrightModuleAsyncOptions,
  ToolwrightModuleOptions,
  ToolwrightOptionsFactory,
} from './types';
export { ToolRegistry } from '../registry/ToolRegistry';
export { ToolAgent } from '../agent/ToolAgent';
