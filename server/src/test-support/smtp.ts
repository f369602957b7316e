import net from 'node:net';

/** A port nothing listens on (yet). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Just enough of an SMTP server (RFC 5321, no TLS, no auth) to receive real deliveries. `accept`,
 * when given, is awaited before each message is acknowledged: a test holds deliveries with it.
 */
export async function startSmtpServer(port: number, { accept }: { accept?: () => Promise<void> } = {}) {
  const messages: string[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let data: string[] | null = null;
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let index: number;
      while ((index = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (data) {
          if (line === '.') {
            const message = data.join('\r\n');
            data = null;
            void (accept?.() ?? Promise.resolve()).then(() => {
              messages.push(message);
              socket.write('250 queued\r\n');
            });
          } else data.push(line.startsWith('..') ? line.slice(1) : line);
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'DATA') {
          data = [];
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
