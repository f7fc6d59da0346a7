/** Loaded first by `toolwright/nest`: NestJS must be installed (optional peer dependencies). */
import { assertPeers } from '../peers/assertPeers';

assertPeers('toolwright/nest', ['@nestjs/common', '@nestjs/core']);
