import net from 'node:net';

/**
 * PostgreSQL reached through a proxy on loopback that the test cuts and restores: the server's
 * connections are lost and new ones refused, as in an outage or a failover.
 */
export class Cable {
  private server?: net.Server;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(private readonly target: URL) {}

  async plug(): Promise<void> {
    if (this.server?.listening) return;
    const server = net.createServer((client) => {
      const upstream = net.connect(Number(this.target.port || 5432), this.target.hostname);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  async cut(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  url(): string {
    const url = new URL(this.target);
    url.host = `127.0.0.1:${this.port}`;
    return url.toString();
  }
}
