/**
 * What a new user meets while writing DTOs (issue 31, item 7): each message names the fix that
 * applies. A nested DTO without `@ValidateNested()` is told to add it, a decorator named in JSDoc
 * prose stays prose, and a misspelled class is reported once, by TypeScript.
 */
import { generateOne } from '../__fixtures__/inlineProject';

const HEADER = `import * as cv from 'class-validator';
import { Type } from 'class-transformer';
`;

function dtoTool(classes: string, param = 'Dto') {
  const result = generateOne(
    `${HEADER}${classes}\nexport class S {\n  /** Test. */\n  @Tool()\n  t(@Params() dto: ${param}) { return dto; }\n}\n`,
  );
  return {
    schema: result.manifest.tools[0]?.inputSchema,
    diagnostics: result.diagnostics.map((d) => `${d.line}:${d.column} ${d.code} ${d.message}`),
  };
}

describe('messages a new user meets while writing DTOs', () => {
  it('a class-typed property with @Type(() => AddressDto) but no validator: TW213 says to add @ValidateNested()', () => {
    const { diagnostics } = dtoTool(`class AddressDto { @cv.IsString() street!: string; }
export class Dto {
  @cv.IsString() name!: string;
  @Type(() => AddressDto) address!: AddressDto;
}`);
    expect(diagnostics).toEqual([
      expect.stringMatching(
        /TW213 address has no class-validator decorator.*; add @ValidateNested\(\) \(with @Type\(\(\) => ItsClass\)\)/,
      ),
    ]);
  });

  it('a property that is no DTO keeps the usual fix', () => {
    const { diagnostics } = dtoTool(`export class Dto {
  @cv.IsString() name!: string;
  note?: string;
}`);
    expect(diagnostics).toEqual([
      expect.stringMatching(
        /TW213 note has no .*; add a validator \(or @Allow\(\)\) to accept it$/,
      ),
    ]);
  });

  it('a decorator named in JSDoc prose is prose: the description is whole, no TW214', () => {
    const { schema, diagnostics } = dtoTool(`export class Dto {
  /**
   * The customer's name, as printed on invoices. Validated with
   * @IsString. Never empty.
   */
  @cv.IsString() name!: string;
}`);
    expect(diagnostics).toEqual([]);
    expect(schema?.properties.name).toEqual({
      type: 'string',
      description:
        "The customer's name, as printed on invoices. Validated with\n@IsString. Never empty.",
    });
  });

  it("a misspelled DTO class: TypeScript's own error (with its Did you mean), not a second TW109", () => {
    const { diagnostics } = dtoTool(
      `export class CreateUserDto { @cv.IsString() name!: string; }`,
      'CreateUserDot',
    );
    expect(diagnostics).toEqual([expect.stringMatching(/Did you mean 'CreateUserDto'\?/)]);
  });
});
