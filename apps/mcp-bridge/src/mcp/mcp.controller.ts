/**
 * The MCP endpoint: every method on /mcp goes to the Streamable HTTP transport.
 */
import { All, Controller, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { MCP_HTTP } from '../tokens.js';
import type { McpHttpService } from './mcp-http.service.js';

@Controller()
export class McpController {
  constructor(@Inject(MCP_HTTP) private readonly mcp: McpHttpService | null) {}

  @All('mcp')
  async handle(@Req() req: Request, @Res() res: Response): Promise<void> {
    if (!this.mcp) {
      res.status(404).json({ jsonrpc: '2.0', error: { code: -32000, message: 'No schema is configured: start with --schema or --introspect.' }, id: null });
      return;
    }
    await this.mcp.handle(req, res);
  }
}
