/**
 * Schema and validator agree on every sample tool (issue 3, item 8): the registry built with
 * the samples' generated manifest accepts exactly the inputs an independent JSON Schema
 * validator (ajv) accepts, over inputs generated from each tool's schema and mutations of
 * them. This also checks the manifest against the run-time metadata: registering every
 * sample class with it fails on any mismatch.
 */
import { ToolRegistry } from 'toolwright';
import { agreementJudge } from '../codegen/__fixtures__/agreement/agreementJudge';
import { CalculatorService } from './calculator/CalculatorService';
import { CustomersService } from './nest-app/customers/CustomersService';
import { ExportsService } from './nest-app/exports/ExportsService';
import { DeskService } from './nest-app/mcp/DeskService';
import { OrdersService } from './nest-app/orders/OrdersService';
import { RefundsService } from './nest-app/refunds/RefundsService';
import { OrderService } from './orders/OrderService';
import { SqlService } from './sql/SqlService';
import { createShopDatabase } from './sql/createShopDatabase';
import { StockService } from './stocks/StockService';
import { manifest } from './tools.manifest';
import { WeatherService } from './weather/WeatherService';

jest.setTimeout(90_000);

describe('every sample tool: the registry accepts exactly what its schema accepts', () => {
  let judge: ReturnType<typeof agreementJudge>;
  let registry: ToolRegistry;

  beforeAll(async () => {
    const customers = new CustomersService();
    const orders = new OrdersService(customers);
    registry = new ToolRegistry({ manifest }).register(
      new CalculatorService(),
      new StockService(),
      new WeatherService(),
      new SqlService(await createShopDatabase()),
      new OrderService(),
      customers,
      orders,
      new RefundsService(orders),
      new ExportsService(orders),
      new DeskService(),
    );
    judge = agreementJudge(registry);
  });

  it('registers every tool of the manifest', () => {
    expect(
      registry
        .list()
        .map((t) => t.name)
        .sort(),
    ).toEqual(manifest.tools.map((t) => t.name).sort());
  });

  it.each(manifest.tools.map((tool) => [tool.name, tool] as const))('%s', async (_name, tool) => {
    expect(await judge.firstDisagreement(tool, 200)).toBeUndefined();
  });
});
