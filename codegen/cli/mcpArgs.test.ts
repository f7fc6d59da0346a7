/** `toolwright mcp`'s command line, parsed. */
import { MCP_USAGE, parseMcpArgs } from './mcp';

describe('parseMcpArgs', () => {
  it('defaults to stdio on loopback', () => {
    expect(parseMcpArgs(['--module', 'tools.js'])).toEqual({
      module: 'tools.js',
      host: '127.0.0.1',
      allowedHosts: [],
      allowedOrigins: [],
      help: false,
      token: undefined,
    });
  });

  it('reads every option, in both spellings', () => {
    const options = parseMcpArgs([
      '-m',
      'tools.ts',
      '--http=0',
      '--host',
      '0.0.0.0',
      '--token',
      't',
      '--allowed-host',
      'a.example',
      '--allowed-host=b.example',
      '--allowed-origin',
      'https://a.example',
      '--name',
      'shop',
      '--approve',
      'elicit',
    ]);
    expect(options).toMatchObject({
      module: 'tools.ts',
      http: 0,
      host: '0.0.0.0',
      token: 't',
      allowedHosts: ['a.example', 'b.example'],
      allowedOrigins: ['https://a.example'],
      name: 'shop',
      approve: 'elicit',
    });
  });

  it('takes the token from TOOLWRIGHT_MCP_TOKEN unless given', () => {
    expect(parseMcpArgs(['-m', 'x.js'], { TOOLWRIGHT_MCP_TOKEN: 'env' }).token).toBe('env');
    expect(
      parseMcpArgs(['-m', 'x.js', '--token', 'arg'], { TOOLWRIGHT_MCP_TOKEN: 'env' }).token,
    ).toBe('arg');
  });

  it.each([
    [[], '--module <file> is required'],
    [
      ['-m', 'x.js', '--http', 'eighty'],
      '--http takes a port number (0 picks a free one), not "eighty"',
    ],
    [
      ['-m', 'x.js', '--http', '70000'],
      '--http takes a port number (0 picks a free one), not "70000"',
    ],
    [['-m', 'x.js', '--bogus'], 'unknown option "--bogus"'],
    [['-m'], '-m needs a value'],
    [['-m', 'x.js', '--approve', 'all'], '--approve takes "elicit", not "all"'],
    [['-m', 'x.js', '--stateless'], '--stateless needs --http <port>'],
    [['-m', 'x.js', '--http', '0', '--stateless=yes'], '--stateless takes no value'],
    [['-m', 'x.js', '--http', '0', '--redis', 'redis://r'], '--redis needs --stateless'],
  ])('refuses %j: %s', (args, message) => {
    expect(() => parseMcpArgs(args)).toThrow(message);
  });

  it('reads --stateless with --http', () => {
    expect(parseMcpArgs(['-m', 'x.js', '--http', '0', '--stateless'])).toMatchObject({
      http: 0,
      stateless: true,
    });
  });

  it('reads the Redis of stateless cancels from --redis, else REDIS_URL', () => {
    const stateless = ['-m', 'x.js', '--http', '0', '--stateless'];
    const env = { REDIS_URL: 'redis://env:6379' };
    expect(parseMcpArgs([...stateless, '--redis', 'redis://flag:6379'], env).redis).toBe(
      'redis://flag:6379',
    );
    expect(parseMcpArgs(stateless, env).redis).toBe('redis://env:6379');
    expect(parseMcpArgs(stateless).redis).toBeUndefined();
    // Only stateless instances share cancels: REDIS_URL alone does not make a session server use it.
    expect(parseMcpArgs(['-m', 'x.js', '--http', '0'], env).redis).toBeUndefined();
  });

  it('says in its help what stateless mode needs for cancel', () => {
    expect(MCP_USAGE).toMatch(/give every instance the\s+same --redis/);
    expect(MCP_USAGE).toContain('--redis <url>');
  });

  it('lists its exit codes in its help, as the other commands do', () => {
    expect(MCP_USAGE).toMatch(/^Usage: toolwright mcp --module <file>/);
    expect(MCP_USAGE).toMatch(/\nExit codes: 0 [^\n]*\n1 [^\n]*, 2 usage\.\n$/);
  });

  it('asks for help without a module', () => {
    expect(parseMcpArgs(['--help']).help).toBe(true);
  });
});
