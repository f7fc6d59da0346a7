/**
 * Where an ioredis client connects, as an error message may show it: from the options ioredis
 * parsed (a URL's password is among them, and is left out).
 */
import type Redis from 'ioredis';

/** `host:port`, a socket path, or the sentinels and master name; never a password. */
export function redisAddress(client: Redis): string {
  const { host, port, path, sentinels, name } = client.options;
  if (path) return path;
  if (sentinels && sentinels.length > 0) {
    const at = sentinels.map((s) => `${s.host ?? 'localhost'}:${s.port ?? 26379}`).join(', ');
    return `master "${name ?? 'mymaster'}" of sentinels ${at}`;
  }
  return `${host ?? 'localhost'}:${port ?? 6379}`;
}
