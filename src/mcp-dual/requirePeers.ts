/** Loaded first by `toolwright/mcp2`: both MCP SDK majors must be installed (optional peer dependencies). */
import { assertPeers } from '../peers/assertPeers';

assertPeers('toolwright/mcp2', [
  '@modelcontextprotocol/sdk',
  '@modelcontextprotocol/server',
  '@modelcontextprotocol/node',
]);
