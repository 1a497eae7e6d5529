/**
 * ShutdownSteps: runs each shutdown step of the application (the listener, each component, the
 * storage, the model) so that one failing step never skips the others: its error is logged and
 * counted, and the count goes into the last line, `<service> stopped`.
 */
import type { Logger } from '@discovery/observability';

export class ShutdownSteps {
  failed = 0;

  constructor(private readonly logger: Logger) {}

  async run(step: string, action: () => Promise<unknown> | unknown): Promise<void> {
    try {
      await action();
    } catch (error) {
      this.failed++;
      this.logger.error({ err: error, step }, 'a shutdown step failed');
    }
  }
}
