/**
 * The demo's two conversations, as `npm run demo` runs them without an API key: the scripted
 * model on loopback, the real SDK client, the real tools, and the printed steps.
 */
import 'reflect-metadata';
import { ToolAgent, ToolRegistry } from 'toolwright';
import { manifest } from '../tools.manifest';
import { sqlRegistry } from 'toolwright/sql';
import { openShop } from '../sql/openShop';
import { StockService } from '../stocks/StockService';
import { connectModel } from './connectModel';
import type { ModelConnection } from './connectModel';
import { printConversation } from './printEvents';
import { SQL_QUESTION, STOCK_QUESTION } from './scriptedModel';

describe('the demo, offline', () => {
  let connection: ModelConnection;
  let printed: string;
  const savedKey = process.env.ANTHROPIC_API_KEY;

  beforeAll(async () => {
    delete process.env.ANTHROPIC_API_KEY;
    connection = await connectModel();
  });
  afterAll(async () => {
    await connection.close();
    if (savedKey !== undefined) process.env.ANTHROPIC_API_KEY = savedKey;
  });
  beforeEach(() => {
    printed = '';
    jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed += String(chunk);
      return true;
    });
  });
  afterEach(() => jest.restoreAllMocks());

  it('says plainly that no network is used', () => {
    expect(connection.description).toMatch(/^scripted model, no network/);
  });

  it('runs the General Motors conversation, printing each step', async () => {
    const registry = new ToolRegistry({ manifest }).register(new StockService());
    const agent = new ToolAgent({ client: connection.client, model: connection.model, registry });
    const answer = await printConversation(agent, STOCK_QUESTION, AbortSignal.timeout(20_000));
    expect(answer).toBe('The current stock price of General Motors is $38.50.');
    expect(printed).toContain(
      'call   get_ticker_symbol\n  ✓ validated input {"companyName":"General Motors"}',
    );
    expect(printed).toContain('← result GM');
    expect(printed).toContain(
      'call   get_current_stock_price\n  ✓ validated input {"symbol":"GM"}',
    );
    expect(printed).toContain('← result 38.5');
  });

  it('runs the SQL question on the real database, recovering from a refused call', async () => {
    const { db, engine } = await openShop();
    const top = db.exec(
      'SELECT c.name, COUNT(o.id) FROM customers c JOIN orders o ON o.customer_id = c.id GROUP BY c.id ORDER BY 2 DESC LIMIT 1',
    )[0].values[0];
    const registry = sqlRegistry(engine);
    const agent = new ToolAgent({ client: connection.client, model: connection.model, registry });
    const answer = await printConversation(agent, SQL_QUESTION, AbortSignal.timeout(20_000));
    expect(answer).toBe(`${top[0]} has placed the most orders: ${top[1]}.`);
    expect(printed).toContain('call   list_tables');
    expect(printed).toMatch(
      /call {3}run_query \{"sql":.*\n {2}✗ refused before running: .*run_query/,
    );
    expect(printed).toContain(`${top[0]} | ${top[1]}`);
    await engine.close();
    db.close();
  });
});
