/**
 * The MCP endpoint: every method on /mcp goes to the Streamable HTTP transport.
 */
import { All, Controller, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { McpHttpService } from './mcp-http.service.js';

@Controller()
export class McpController {
  constructor(@Inject(McpHttpService) private readonly mcp: McpHttpService) {}

  @All('mcp')
  async handle(@Req() req: Request, @Res() res: Response): Promise<void> {
    await this.mcp.handle(req, res);
  }
}
