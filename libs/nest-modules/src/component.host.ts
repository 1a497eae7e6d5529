/**
 * The lifecycle of one component assembly in Nest: its readiness checks and details join the ops
 * endpoints when it is made; it starts in `onApplicationBootstrap` (modules in import order: a
 * component starts after those it imports) and stops in `onApplicationShutdown` (the reverse),
 * after the listener closed and before the storage (a global module) closes.
 */
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown, type Type } from '@nestjs/common';
import { OpsEndpoints } from '@discovery/observability';
import type { ServiceComponent } from '@discovery/service-host';
import { ShutdownSteps } from './shutdown-steps.js';

export function componentHost(token: symbol): Type<OnApplicationBootstrap & OnApplicationShutdown> {
  @Injectable()
  class ComponentHost implements OnApplicationBootstrap, OnApplicationShutdown {
    private started = false;

    constructor(
      @Inject(token) private readonly component: ServiceComponent,
      @Inject(OpsEndpoints) ops: OpsEndpoints,
      @Inject(ShutdownSteps) private readonly steps: ShutdownSteps,
    ) {
      for (const [name, check] of Object.entries(component.checks ?? {})) ops.addCheck(name, check);
      if (component.details) ops.addDetails(component.details);
    }

    async onApplicationBootstrap(): Promise<void> {
      await this.component.start?.();
      this.started = true;
    }

    async onApplicationShutdown(): Promise<void> {
      if (!this.started) return;
      this.started = false;
      await this.steps.run(this.component.name, () => this.component.stop?.());
    }
  }
  return ComponentHost;
}
