/** The @EventPattern handlers of the index events (docs/architecture.md "Evict"): each hands its event to the NestEventBus. */
import { Controller, Inject } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { NestEventBus } from './nest-event.bus.js';

@Controller()
export class IndexEventsController {
  constructor(@Inject(NestEventBus) private readonly bus: NestEventBus) {}

  @EventPattern('index.rebuilt')
  rebuilt(@Payload() payload: unknown): void {
    this.bus.deliver('index.rebuilt', payload);
  }

  @EventPattern('index.deleted')
  deleted(@Payload() payload: unknown): void {
    this.bus.deliver('index.deleted', payload);
  }

  @EventPattern('index.unclaimed')
  unclaimed(@Payload() payload: unknown): void {
    this.bus.deliver('index.unclaimed', payload);
  }
}
