/** Loaded first by `toolwright/jobs`: BullMQ and ioredis must be installed (optional peer dependencies). */
import { assertPeers } from '../peers/assertPeers';

assertPeers('toolwright/jobs', ['bullmq', 'ioredis']);
