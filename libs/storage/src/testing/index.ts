/** @discovery/storage/testing: the conformance suites, for adapters built elsewhere (the Nest transports of libs/nest-modules). Test code only. */
export { describeEventBus, type EventBusHarness } from '../contract/event-bus.contract.js';
