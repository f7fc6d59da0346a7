/**
 * What building a tool's schemas needs from the codegen run: the checker, the decorator
 * resolver, where to report, and the direction (input or output). Its own file so the
 * builder and the helpers it calls (`objectSchema`, `propertyKeywords`) share it without
 * importing each other.
 */
import type { ts } from '../typescript';
import type { DiagnosticCode } from '../diagnostics';
import type { DecoratorResolver } from '../collect/decoratorOrigin';
import type { SchemaCache } from './SchemaCache';
import type { PipeSettings } from '../../src/validation/pipeOptions';

/** What the builder needs from the run: the checker, decorators, and where to report. */
export interface SchemaContext {
  checker: ts.TypeChecker;
  resolver: DecoratorResolver;
  /** Reports a problem at the location the caller is describing (a parameter). */
  report: (code: DiagnosticCode, message: string) => void;
  /** Reports a problem at a node of its own (a malformed JSDoc tag); default: `report`. */
  reportAt?: (node: ts.Node, code: DiagnosticCode, message: string) => void;
  /**
   * `input` (default): the schema of what the model sends, where a class property with an
   * initializer is optional with a `default`. `output`: what a method returns, where it is set.
   */
  direction?: 'input' | 'output';
  /** Schemas built for earlier tools of the same file, reused when they stand alone. */
  cache?: SchemaCache;
  /** The app's `ValidationPipe` settings, which change what a DTO accepts; default: toolwright's. */
  pipe?: PipeSettings;
}
