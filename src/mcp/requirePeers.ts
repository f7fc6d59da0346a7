/** Loaded first by `toolwright/mcp`: the MCP SDK must be installed (an optional peer dependency). */
import { assertPeers } from '../peers/assertPeers';

assertPeers('toolwright/mcp', ['@modelcontextprotocol/sdk']);
