/**
 * /healthz, /readyz (every component's checks) and /metrics (the one registry) as a Nest
 * controller of every application that listens; the answers are OpsEndpoints' (libs/observability).
 */
import { All, Controller, Inject, Req, Res } from '@nestjs/common';
import { OpsEndpoints } from '@discovery/observability';
import type { IncomingMessage, ServerResponse } from 'node:http';

@Controller()
export class OpsController {
  constructor(@Inject(OpsEndpoints) private readonly ops: OpsEndpoints) {}

  @All(['healthz', 'readyz', 'metrics'])
  serve(@Req() request: IncomingMessage, @Res() response: ServerResponse): void {
    this.ops.handle(request, response);
  }
}
