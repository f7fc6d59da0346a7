import { isValidToolName, toSnakeCase } from './toolName';

describe('tool names', () => {
  it.each([
    ['getCurrentStockPrice', 'get_current_stock_price'],
    ['performAddition', 'perform_addition'],
    ['fetchHTTPStatus', 'fetch_http_status'],
    ['getV2Price', 'get_v2_price'],
    ['already_snake', 'already_snake'],
    ['search', 'search'],
  ])('%s becomes %s', (input, expected) => {
    expect(toSnakeCase(input)).toBe(expected);
  });

  it('accepts what the Messages API accepts and nothing else', () => {
    expect(isValidToolName('get_weather-v2')).toBe(true);
    expect(isValidToolName('a'.repeat(64))).toBe(true);
    expect(isValidToolName('a'.repeat(65))).toBe(false);
    expect(isValidToolName('')).toBe(false);
    expect(isValidToolName('get weather')).toBe(false);
    expect(isValidToolName('météo')).toBe(false);
  });
});
