/** InProcessEventBus against the EventBus contract (one instance serves both "replicas"). */
import { describeEventBus } from '../contract/event-bus.contract.js';
import { InProcessEventBus } from './in-process-event.bus.js';

describeEventBus('in-process', async () => {
  const errors: unknown[] = [];
  const bus = new InProcessEventBus({ onError: (e) => errors.push(e) });
  return { a: bus, b: bus, errors, dispose: () => bus.close() };
});
