/** Loaded first by `toolwright/langchain`: LangChain.js's core (`@langchain/core`) must be installed (an optional peer dependency). */
import { assertPeers } from '../peers/assertPeers';

assertPeers('toolwright/langchain', ['@langchain/core']);
