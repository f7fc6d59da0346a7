import 'reflect-metadata';
import { ManifestMismatchError } from '../errors/ManifestMismatchError';
import { Param, Tool } from '../decorators/toolSurface';
import { ToolRegistry } from './ToolRegistry';
import type { ManifestTool, ToolManifest } from '../index';

interface Shape {
  kind: 'circle' | 'square';
  size: number;
}

class Geometry {
  readonly calls: unknown[] = [];

  @Tool()
  area(@Param() shape: Shape, @Param() unit?: 'cm' | 'in'): string {
    this.calls.push([shape, unit]);
    return `${shape.kind}:${shape.size}${unit ?? ''}`;
  }
}

const areaTool: ManifestTool = {
  name: 'area',
  description: 'Computes the area of a shape.\nReturns: the area as text.',
  inputSchema: {
    type: 'object',
    properties: {
      shape: {
        type: 'object',
        properties: {
          kind: { type: 'string', enum: ['circle', 'square'] },
          size: { type: 'number', minimum: 0 },
        },
        required: ['kind', 'size'],
        additionalProperties: false,
        description: 'The shape to measure.',
      },
      unit: { type: 'string', enum: ['cm', 'in'] },
    },
    required: ['shape'],
    additionalProperties: false,
  },
  target: { class: 'Geometry', method: 'area', file: 'src/Geometry.ts', line: 12 },
  params: [
    { kind: 'named', index: 0, name: 'shape', optional: false, schema: { type: 'object' } },
    {
      kind: 'named',
      index: 1,
      name: 'unit',
      optional: true,
      schema: { type: 'string', enum: ['cm', 'in'] },
    },
  ],
  examples: [{ shape: { kind: 'square', size: 2 } }],
};

const otherTool: ManifestTool = {
  ...areaTool,
  name: 'volume',
  target: { class: 'Solids', method: 'volume', file: 'src/Solids.ts', line: 3 },
};

const manifest: ToolManifest = { version: 1, tools: [areaTool, otherTool] };

describe('ToolRegistry with a manifest', () => {
  it('takes names, descriptions, schemas and examples from the manifest, so @Param() needs no name', () => {
    const registry = new ToolRegistry({ manifest }).register(new Geometry());
    expect(registry.toAnthropic()).toEqual([
      {
        name: 'area',
        description: areaTool.description,
        input_schema: areaTool.inputSchema,
        input_examples: areaTool.examples,
      },
    ]);
  });

  it('validates by the manifest schema: nested objects, enums, unknown properties at every level', async () => {
    const geometry = new Geometry();
    const registry = new ToolRegistry({ manifest }).register(geometry);
    expect(await registry.call('area', { shape: { kind: 'circle', size: 3 }, unit: 'cm' })).toEqual(
      {
        isError: false,
        content: 'circle:3cm',
      },
    );
    const bad = await registry.call('area', {
      shape: { kind: 'hexagon', size: -1, colour: 'red' },
      unit: 'mm',
    });
    expect(bad).toEqual({
      isError: true,
      content: [
        'Invalid input for tool "area":',
        'shape.kind: kind must be one of the following values: circle, square',
        'shape.size: size must not be less than 0',
        'shape.colour: property colour should not exist',
        'unit: unit must be one of the following values: cm, in',
      ].join('\n'),
    });
    expect(geometry.calls).toHaveLength(1);
  });

  it('ignores manifest tools of classes this registry does not register', () => {
    expect(
      new ToolRegistry({ manifest })
        .register(new Geometry())
        .list()
        .map((t) => t.name),
    ).toEqual(['area']);
  });

  it('refuses a tool missing from the manifest, naming it and saying to run codegen', () => {
    class Geometry2 {
      @Tool() perimeter(@Param('size') _s: number) {}
    }
    expect(() => new ToolRegistry({ manifest }).register(new Geometry2())).toThrow(
      ManifestMismatchError,
    );
    expect(() => new ToolRegistry({ manifest }).register(new Geometry2())).toThrow(
      'Tool "perimeter" (Geometry2.perimeter) is not in the manifest; the manifest is stale; run toolwright codegen',
    );
  });

  it('refuses a manifest tool the class no longer declares', () => {
    const stale: ToolManifest = {
      version: 1,
      tools: [
        areaTool,
        { ...areaTool, name: 'perimeter', target: { ...areaTool.target, method: 'perimeter' } },
      ],
    };
    expect(() => new ToolRegistry({ manifest: stale }).register(new Geometry())).toThrow(
      'The manifest lists "perimeter" (Geometry.perimeter), which Geometry no longer declares with @Tool; the manifest is stale; run toolwright codegen',
    );
  });

  it('refuses a manifest whose parameters differ from the decorators', () => {
    class Renamed {
      @Tool() area(@Param('figure') _shape: Shape) {}
    }
    const renamed: ToolManifest = {
      version: 1,
      tools: [{ ...areaTool, target: { ...areaTool.target, class: 'Renamed' } }],
    };
    expect(() => new ToolRegistry({ manifest: renamed }).register(new Renamed())).toThrow(
      'Tool "area" (Renamed.area): its parameters differ from the manifest\'s; the manifest is stale; run toolwright codegen',
    );
  });

  it('refuses a tool the manifest puts on another method', () => {
    class Moved {
      @Tool({ name: 'area' }) surface(@Param() _shape: Shape) {}
    }
    const moved: ToolManifest = {
      version: 1,
      tools: [{ ...areaTool, target: { ...areaTool.target, class: 'Moved' } }],
    };
    expect(() => new ToolRegistry({ manifest: moved }).register(new Moved())).toThrow(
      'Tool "area" is Moved.area in the manifest but Moved.surface at run time; the manifest is stale; run toolwright codegen',
    );
  });
});

describe('an inherited tool with a manifest', () => {
  class BaseGeometry {
    @Tool()
    area(@Param() shape: Shape, @Param() _unit?: 'cm' | 'in'): string {
      return shape.kind;
    }
  }
  class SquareGeometry extends BaseGeometry {}
  const inherited: ToolManifest = {
    version: 1,
    tools: [{ ...areaTool, target: { ...areaTool.target, class: 'BaseGeometry' } }],
  };

  it('matches the entry codegen writes on the base class', async () => {
    const registry = new ToolRegistry({ manifest: inherited }).register(new SquareGeometry());
    expect(registry.get('area')?.target).toEqual({ class: 'BaseGeometry', method: 'area' });
    expect(await registry.call('area', { shape: { kind: 'square', size: 1 } })).toEqual({
      isError: false,
      content: 'square',
    });
  });

  it('joins by tool name when the class was renamed (as a bundler minifying names does)', async () => {
    const renamed: ToolManifest = {
      version: 1,
      tools: [{ ...areaTool, target: { ...areaTool.target, class: 'Solids' } }],
    };
    const registry = new ToolRegistry({ manifest: renamed }).register(new SquareGeometry());
    expect(registry.get('area')?.target).toEqual({ class: 'Solids', method: 'area' });
    expect(await registry.call('area', { shape: { kind: 'square', size: 1 } })).toEqual({
      isError: false,
      content: 'square',
    });
  });

  it('still refuses an entry whose parameters differ', () => {
    const stale: ToolManifest = {
      version: 1,
      tools: [{ ...areaTool, target: { ...areaTool.target, class: 'Solids' }, params: [] }],
    };
    expect(() => new ToolRegistry({ manifest: stale }).register(new SquareGeometry())).toThrow(
      'Tool "area" (SquareGeometry.area): its parameters differ from the manifest\'s; the manifest is stale; run toolwright codegen',
    );
  });
});

describe('one tool name in two classes of a hand-made manifest (codegen refuses it, TW107)', () => {
  class Circles {
    @Tool()
    area(@Param() radius: number): string {
      return `circle ${radius}`;
    }
  }
  class Squares {
    @Tool()
    area(@Param() side: number): string {
      return `square ${side}`;
    }
  }
  const entry = (cls: string, name: string): ManifestTool => ({
    name: 'area',
    description: `The area of a ${cls}.`,
    inputSchema: {
      type: 'object',
      properties: { [name]: { type: 'number' } },
      required: [name],
      additionalProperties: false,
    },
    target: { class: cls, method: 'area', file: `src/${cls}.ts`, line: 3 },
    params: [{ kind: 'named', index: 0, name, optional: false, schema: { type: 'number' } }],
  });
  const manifest: ToolManifest = {
    version: 1,
    tools: [entry('Circles', 'radius'), entry('Squares', 'side')],
  };

  it("gives each class's registry its own entry", async () => {
    const squares = new ToolRegistry({ manifest }).register(new Squares());
    expect(squares.get('area')?.description).toBe('The area of a Squares.');
    expect(await squares.call('area', { side: 2 })).toEqual({
      content: 'square 2',
      isError: false,
    });
    const circles = new ToolRegistry({ manifest }).register(new Circles());
    expect(await circles.call('area', { radius: 1 })).toEqual({
      content: 'circle 1',
      isError: false,
    });
  });

  it('refuses a class that is neither, when the name alone cannot choose', () => {
    class Renamed {
      @Tool()
      area(@Param() side: number): string {
        return `renamed ${side}`;
      }
    }
    expect(() => new ToolRegistry({ manifest }).register(new Renamed())).toThrow(
      'Tool "area" (Renamed.area) is declared by several classes of the manifest (Circles.area, Squares.area) and Renamed is none of them; if a bundler renamed the classes, keep their names (esbuild --keep-names) or give the tools distinct names (@Tool({ name })); else the manifest is stale; run toolwright codegen',
    );
  });

  it('refuses both in one registry, naming both classes', () => {
    expect(() => new ToolRegistry({ manifest }).register(new Circles(), new Squares())).toThrow(
      /Duplicate tool name "area": Circles\.area and Squares\.area/,
    );
  });
});
