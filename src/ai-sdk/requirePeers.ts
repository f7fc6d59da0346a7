/** Loaded first by `toolwright/ai-sdk`: the Vercel AI SDK (`ai`) must be installed (an optional peer dependency). */
import { assertPeers } from '../peers/assertPeers';

assertPeers('toolwright/ai-sdk', ['ai']);
