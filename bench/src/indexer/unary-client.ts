/**
 * A lean Connect unary client for load generation, in the manner of wrk: raw
 * HTTP/1.1 keep-alive sockets (one per caller, spread over one or more
 * indexer replicas as a Kubernetes Service spreads connections over pods),
 * pre-encoded request bytes, a minimal response reader (status line and
 * Content-Length, which Connect sets on every unary response), and every
 * reply decoded with protobuf-es. It does per call what a router does (send,
 * read, decode, fail on a Connect error) and no more, so the load generator
 * takes as little as it can of the 2 cores it shares with the server: the
 * connect-es client costs several times as much per call (the
 * indexer-latency section runs both).
 */
import { connect, type Socket } from 'node:net';
import { create, fromBinary, toBinary, type DescMessage, type DescMethodUnary, type MessageInitShape, type MessageShape } from '@bufbuild/protobuf';

const HEADER_END = Buffer.from('\r\n\r\n');

/** A request ready to send: the whole HTTP/1.1 message. */
export interface EncodedCall<O extends DescMessage> {
  readonly output: O;
  readonly method: string;
  readonly bytes: Buffer;
}

interface Pending {
  resolve(body: Buffer): void;
  reject(error: Error): void;
}

/** One keep-alive connection; one call at a time. */
class Connection {
  private buffered: Buffer = Buffer.alloc(0);
  private pending: Pending | undefined;
  private failure: Error | undefined;

  private constructor(private readonly socket: Socket) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', (error) => this.fail(error));
    socket.on('close', () => this.fail(new Error('the server closed the connection')));
  }

  static open(host: string, port: number): Promise<Connection> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host, port }, () => {
        socket.off('error', reject);
        resolve(new Connection(socket));
      });
      socket.once('error', reject);
    });
  }

  send(bytes: Buffer): Promise<Buffer> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.socket.write(bytes);
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private onData(chunk: Buffer): void {
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
    const end = this.buffered.indexOf(HEADER_END);
    if (end < 0) return;
    const head = this.buffered.toString('latin1', 0, end);
    const match = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    if (!match) {
      this.fail(new Error(`a response without Content-Length: ${head.slice(0, 200)}`));
      return;
    }
    const total = end + HEADER_END.length + Number(match[1]);
    if (this.buffered.length < total) return;
    const status = Number(head.slice(9, 12));
    const body = this.buffered.subarray(end + HEADER_END.length, total);
    this.buffered = this.buffered.subarray(total);
    const pending = this.pending;
    this.pending = undefined;
    if (status === 200) pending?.resolve(body);
    else pending?.reject(new Error(`HTTP ${status}: ${body.toString('utf8').slice(0, 300)}`));
  }

  private fail(error: Error): void {
    this.failure ??= error;
    const pending = this.pending;
    this.pending = undefined;
    pending?.reject(error);
  }
}

export class UnaryClient {
  private readonly idle: Connection[] = [];
  private readonly waiting: ((connection: Connection) => void)[] = [];
  private readonly all: Connection[] = [];

  private constructor(private readonly hosts: readonly string[]) {}

  /** Opens `connections` keep-alive sockets, spread evenly over the replicas' `baseUrls`. */
  static async open(baseUrls: readonly string[], connections: number): Promise<UnaryClient> {
    const client = new UnaryClient(baseUrls.map((base) => new URL(base).host));
    for (let i = 0; i < connections; i++) {
      const url = new URL(baseUrls[i % baseUrls.length]!);
      const connection = await Connection.open(url.hostname, Number(url.port));
      client.all.push(connection);
      client.idle.push(connection);
    }
    return client;
  }

  /** Encodes a request once (a load loop should not measure request encoding). */
  encode<I extends DescMessage, O extends DescMessage>(method: DescMethodUnary<I, O>, message: MessageInitShape<I>): EncodedCall<O> {
    const body = toBinary(method.input, create(method.input, message));
    // Host is informational for the server; any replica's will do.
    const head =
      `POST /${method.parent.typeName}/${method.name} HTTP/1.1\r\nHost: ${this.hosts[0]}\r\n` +
      `Content-Type: application/proto\r\nConnect-Protocol-Version: 1\r\nContent-Length: ${body.byteLength}\r\n\r\n`;
    return { output: method.output, method: method.name, bytes: Buffer.concat([Buffer.from(head, 'latin1'), body]) };
  }

  /** Sends the call on an idle connection (waiting for one if all are busy) and decodes the reply. */
  async call<O extends DescMessage>(call: EncodedCall<O>): Promise<MessageShape<O>> {
    const connection = this.idle.pop() ?? (await new Promise<Connection>((resolve) => this.waiting.push(resolve)));
    try {
      return fromBinary(call.output, await connection.send(call.bytes));
    } catch (error) {
      throw new Error(`${call.method}: ${(error as Error).message}`);
    } finally {
      const next = this.waiting.shift();
      if (next) next(connection);
      else this.idle.push(connection);
    }
  }

  close(): void {
    for (const connection of this.all) connection.close();
  }
}
