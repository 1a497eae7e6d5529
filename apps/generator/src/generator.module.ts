/**
 * The generator's Nest module (an application context, no HTTP API): provides
 * the GeneratorContext built from the validated configuration, the queue
 * processor, and closes the context on shutdown.
 */
import { type DynamicModule, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { GeneratorConfig } from '@discovery/config';
import { GeneratorContext, type GeneratorContextOverrides } from './generator.context.js';
import { GenerateQueryProcessor } from './processors/generate-query.processor.js';

@Injectable()
class GeneratorLifecycle implements OnApplicationShutdown {
  constructor(@Inject(GeneratorContext) private readonly context: GeneratorContext) {}

  async onApplicationShutdown(signal?: string): Promise<void> {
    this.context.logger.info({ signal }, 'generator shutting down');
    await this.context.close();
  }
}

@Module({})
export class GeneratorModule {
  static forRoot(config: GeneratorConfig, overrides: GeneratorContextOverrides = {}): DynamicModule {
    return {
      module: GeneratorModule,
      providers: [
        { provide: GeneratorContext, useFactory: () => GeneratorContext.create(config, overrides) },
        GeneratorLifecycle,
        GenerateQueryProcessor,
      ],
      exports: [GeneratorContext],
    };
  }
}
