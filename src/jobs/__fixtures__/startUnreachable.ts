/**
 * A process that starts a worker on a Redis it cannot reach, for the start test: prints, as one
 * JSON line, the error `startToolWorker` rejected with and the warnings it logged, then ends
 * by itself; it would never end if a client, a timer or a retry loop were left running.
 * Arguments: redis URL, start time limit in ms.
 */
import 'reflect-metadata';
import { ToolRegistry } from '../../registry/ToolRegistry';
import { startToolWorker } from '../startToolWorker';

const [redisUrl, startTimeoutMs] = process.argv.slice(2) as string[];

async function main(): Promise<void> {
  const warnings: string[] = [];
  const logger = { warn: (message: string) => void warnings.push(message) };
  try {
    await startToolWorker(new ToolRegistry(), {
      connection: redisUrl!,
      startTimeoutMs: Number(startTimeoutMs),
      logger,
    });
    process.stdout.write(`${JSON.stringify({ started: true, warnings })}\n`);
  } catch (error) {
    const { name, message } = error as Error;
    const cause = (error as { cause?: Error }).cause?.message;
    process.stdout.write(`${JSON.stringify({ name, message, cause, warnings })}\n`);
  }
}

void main();
