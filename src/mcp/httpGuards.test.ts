/** The Host, Origin and bearer-token checks every MCP HTTP request passes. */
import { guardRequest, isLoopbackHost, LOOPBACK_HOSTS } from './httpGuards';

const loopback = { allowedHosts: LOOPBACK_HOSTS };

describe('guardRequest', () => {
  it.each([
    ['127.0.0.1:8080', undefined],
    ['localhost:3000', undefined],
    ['[::1]:3000', undefined],
    ['localhost', undefined],
    ['evil.example:8080', 'Invalid Host: evil.example'],
    ['127.0.0.1.evil.example', 'Invalid Host: 127.0.0.1.evil.example'],
  ])('checks Host %s against the loopback allow-list, port-agnostic', (host, message) => {
    expect(guardRequest({ host }, loopback)?.message).toBe(message);
  });

  it('refuses a request without Host when hosts are checked', () => {
    expect(guardRequest({}, loopback)).toEqual({ status: 403, message: 'Missing Host header' });
  });

  it('checks nothing about Host without an allow-list', () => {
    expect(guardRequest({ host: 'anything.example' }, {})).toBeUndefined();
  });

  it.each([
    ['http://localhost:5173', undefined],
    ['http://127.0.0.1', undefined],
    ['https://evil.example', 'Invalid Origin: https://evil.example'],
    ['null', 'Invalid Origin: null'],
  ])('checks Origin %s against the allowed hosts', (origin, message) => {
    expect(guardRequest({ host: '127.0.0.1:1', origin }, loopback)?.message).toBe(message);
  });

  it('takes explicit origins exactly', () => {
    const options = { ...loopback, allowedOrigins: ['https://app.example'] };
    expect(
      guardRequest({ host: 'localhost', origin: 'https://app.example' }, options),
    ).toBeUndefined();
    expect(guardRequest({ host: 'localhost', origin: 'http://localhost' }, options)?.status).toBe(
      403,
    );
  });

  it.each([
    [undefined, 'Missing bearer token (Authorization: Bearer <token>)'],
    ['Bearer wrong', 'Invalid bearer token'],
    ['Basic czNjcmV0', 'Missing bearer token (Authorization: Bearer <token>)'],
    ['Bearer s3cret', undefined],
    ['bearer s3cret', undefined],
  ])('answers 401 unless Authorization is the bearer token (%s)', (authorization, message) => {
    const rejection = guardRequest(
      { host: 'localhost', authorization },
      { ...loopback, token: 's3cret' },
    );
    expect(rejection?.message).toBe(message);
    if (rejection) {
      expect(rejection.status).toBe(401);
      expect(rejection.headers).toEqual({ 'WWW-Authenticate': 'Bearer' });
    }
  });

  it('refuses a wrong Host before looking at the token', () => {
    const rejection = guardRequest(
      { host: 'evil.example', authorization: 'Bearer s3cret' },
      { ...loopback, token: 's3cret' },
    );
    expect(rejection?.status).toBe(403);
  });
});

describe('isLoopbackHost', () => {
  it.each([
    ['127.0.0.1', true],
    ['localhost', true],
    ['::1', true],
    ['0.0.0.0', false],
    ['192.168.1.2', false],
  ])('%s → %s', (host, loopbackOnly) => {
    expect(isLoopbackHost(host)).toBe(loopbackOnly);
  });
});
