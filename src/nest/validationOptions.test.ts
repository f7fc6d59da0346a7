/**
 * `ToolwrightModule.forRoot({ validation })` in a real Nest HTTP application whose global
 * `ValidationPipe` has the same options (transform, implicit conversion, whitelist, unknown
 * properties forbidden): one DTO is a controller's `@Body()` and a tool's `@Params()`, and a call
 * to the tool accepts and refuses what a request to the controller does. Without the options, the
 * same DTO (`@IsDate()` with no `@Type`) is a tool no call can pass, refused when the app starts.
 */
import 'reflect-metadata';
import { Body, Controller, Injectable, Module, Post, ValidationPipe } from '@nestjs/common';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { IsDate, IsOptional, IsString } from 'class-validator';
import { Params, Tool, ToolDefinitionError, ToolRegistry } from 'toolwright';
import type { ValidationPipeOptions } from 'toolwright';
import { ToolwrightModule } from 'toolwright/nest';

const PIPE: ValidationPipeOptions = {
  transform: true,
  transformOptions: { enableImplicitConversion: true },
  whitelist: true,
  forbidNonWhitelisted: true,
};

class EventDto {
  @IsString()
  title!: string;

  /** No `@Type(() => Date)`: the pipe's implicit conversion makes the Date. */
  @IsDate()
  createdAt!: Date;

  @IsOptional()
  @IsString()
  note?: string;
}

/** What the handler and the tool were given, as the client reads it back. */
const received = (event: EventDto) => ({
  isDto: event instanceof EventDto,
  title: event.title,
  createdAt: event.createdAt instanceof Date ? event.createdAt.toISOString() : 'not a Date',
});

@Controller('events')
class EventController {
  @Post()
  record(@Body() event: EventDto) {
    return received(event);
  }
}

@Injectable()
class EventTools {
  /** Records an event. */
  @Tool()
  recordEvent(@Params() event: EventDto) {
    return received(event);
  }
}

async function startApp(validation?: ValidationPipeOptions): Promise<INestApplication> {
  @Module({
    imports: [ToolwrightModule.forRoot(validation ? { validation } : {})],
    controllers: [EventController],
    providers: [EventTools],
  })
  class AppModule {}
  const app = await NestFactory.create(AppModule, { logger: false });
  app.useGlobalPipes(new ValidationPipe(PIPE));
  await app.listen(0, '127.0.0.1');
  return app;
}

describe('ToolwrightModule.forRoot({ validation }): the app’s ValidationPipe options hold for its tools', () => {
  let app: INestApplication | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  const post = async (body: object) => {
    const response = await fetch(`${await app!.getUrl()}/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('the tool accepts and refuses what the controller does, and gets the same DTO', async () => {
    app = await startApp(PIPE);
    const registry = app.get(ToolRegistry);
    const event = { title: 'launch', createdAt: '2026-12-24T10:00:00.000Z' };
    const expected = { isDto: true, title: 'launch', createdAt: event.createdAt };

    expect(await post(event)).toEqual({ status: 201, body: expected });
    const outcome = await registry.call('record_event', event);
    expect(outcome.isError).toBe(false);
    expect(JSON.parse(outcome.content as string)).toEqual(expected);

    const unknown = { ...event, extra: 1 };
    expect(await post(unknown)).toMatchObject({
      status: 400,
      body: { message: ['property extra should not exist'] },
    });
    expect(await registry.call('record_event', unknown)).toEqual({
      isError: true,
      content: expect.stringMatching(/extra.*should not exist/),
    });

    const notADate = { title: 'launch', createdAt: 'next friday' };
    expect(await post(notADate)).toMatchObject({
      status: 400,
      body: { message: ['createdAt must be a Date instance'] },
    });
    expect(await registry.call('record_event', notADate)).toMatchObject({
      isError: true,
      content: expect.stringMatching(/createdAt/),
    });
  });

  it('without the options, the same DTO is a tool no call can pass: the app does not start', async () => {
    await expect(startApp()).rejects.toThrow(ToolDefinitionError);
    await expect(startApp()).rejects.toThrow(
      /record_event.* can never be called: @IsDate on EventDto\.createdAt wants a Date instance/,
    );
  });
});
