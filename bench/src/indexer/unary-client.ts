/**
 * A lean Connect unary client for load generation: binary codec, HTTP/1.1
 * keep-alive, one connection per caller, spread over one or more indexer
 * replicas (as a Kubernetes Service spreads connections over pods). It does
 * what a router does per call (encode the request, POST it, read and decode
 * the reply, fail on a Connect error) and no more, so the load generator takes
 * as little as possible of the CPU it shares with the server on this machine.
 * The connect-es client costs about three times as much per call (measured in
 * the indexer-latency section, which runs both).
 */
import { Agent, request } from 'node:http';
import { fromBinary, toBinary, create, type DescMessage, type MessageInitShape, type MessageShape } from '@bufbuild/protobuf';
import type { DescMethodUnary } from '@bufbuild/protobuf';

export class UnaryClient {
  private readonly agents: Agent[];
  private readonly targets: { hostname: string; port: number }[];
  private next = 0;

  /** `baseUrls`: one per replica; `connections`: keep-alive sockets per replica. */
  constructor(
    private readonly baseUrls: readonly string[],
    connections: number,
  ) {
    this.agents = baseUrls.map(() => new Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections }));
    this.targets = baseUrls.map((base) => {
      const url = new URL(base);
      return { hostname: url.hostname, port: Number(url.port) };
    });
  }

  /** Pre-encodes a request body, so a load loop does not measure request encoding. */
  encode<I extends DescMessage, O extends DescMessage>(method: DescMethodUnary<I, O>, message: MessageInitShape<I>): Buffer {
    return Buffer.from(toBinary(method.input, create(method.input, message)));
  }

  /** Sends a pre-encoded request to the next replica (round robin) and decodes the reply. */
  call<I extends DescMessage, O extends DescMessage>(method: DescMethodUnary<I, O>, body: Buffer): Promise<MessageShape<O>> {
    const replica = this.next++ % this.targets.length;
    return new Promise((resolve, reject) => {
      const req = request(
        {
          ...this.targets[replica],
          path: `/${method.parent.typeName}/${method.name}`,
          method: 'POST',
          agent: this.agents[replica],
          headers: { 'content-type': 'application/proto', 'connect-protocol-version': '1', 'content-length': body.length },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const bytes = Buffer.concat(chunks);
            if (res.statusCode !== 200) {
              reject(new Error(`${method.name}: HTTP ${res.statusCode} ${bytes.toString('utf8').slice(0, 300)}`));
              return;
            }
            try {
              resolve(fromBinary(method.output, bytes));
            } catch (error) {
              reject(error as Error);
            }
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  close(): void {
    for (const agent of this.agents) agent.destroy();
  }
}
