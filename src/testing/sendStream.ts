/**
 * Writes a streamed reply event by event, honouring the script's delays, pauses, gates, cuts and
 * error events, in the framing of the platform the request was sent to.
 */
import type { ServerResponse } from 'node:http';
import { replyEvents } from './replyMessage';
import type { ReplyPlace } from './replyMessage';
import type { StreamFraming } from './streamFraming';
import type { ScriptedReply } from './types';

const sleep = (ms: number): Promise<void> =>
  ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();

/** Sends `reply` as a stream of events (at `place`, echoing `model`). */
export async function sendStream(
  res: ServerResponse,
  reply: ScriptedReply,
  place: ReplyPlace,
  model: string,
  framing: StreamFraming,
): Promise<void> {
  const options = reply.stream ?? {};
  const events = replyEvents(reply, place, model);
  res.writeHead(200, {
    'content-type': framing.contentType,
    'cache-control': 'no-cache',
    'request-id': 'req_scripted',
  });
  const delay = options.delayMs ?? 0;
  const paced = delay > 0 || options.pauses !== undefined || options.gates !== undefined;
  if (!paced && options.cutAfter === undefined && options.errorAfter === undefined) {
    res.end(Buffer.concat(events.map((event) => Buffer.from(framing.event(event)))));
    return;
  }
  for (const [index, event] of events.entries()) {
    if (res.destroyed) return;
    if (index === options.cutAfter) {
      // Flush what was written (so the client has the response and its first events), then cut.
      await new Promise<void>((resolve) => res.write(framing.flush, () => resolve()));
      await sleep(5);
      res.socket?.destroy();
      return;
    }
    if (index === options.errorAfter) {
      res.end(framing.error(options.error ?? { type: 'overloaded_error', message: 'Overloaded' }));
      return;
    }
    await sleep((index > 0 ? delay : 0) + (options.pauses?.[index] ?? 0));
    const gate = options.gates?.[index];
    if (gate) await Promise.resolve(gate).then(undefined, () => undefined);
    if (res.destroyed) return;
    res.write(framing.event(event));
  }
  res.end();
}
