import { createServer, type Server } from 'node:net';

/**
 * A minimal SMTP server for tests (EHLO, MAIL, RCPT, DATA, QUIT; no TLS, no auth): enough for
 * nodemailer to deliver, and it keeps each message's raw text. `rejectRecipients` answers RCPT
 * for those addresses with a permanent 550 (a hard bounce at send time).
 */
export function startFakeSmtpServer(
  port: number,
  options: { rejectRecipients?: readonly string[] } = {},
): Promise<{ messages: string[]; close: () => Promise<void> }> {
  const messages: string[] = [];
  const rejected = new Set(options.rejectRecipients?.map((a) => a.toLowerCase()));
  const server: Server = createServer((socket) => {
    let data: string | null = null;
    let buffer = '';
    socket.write('220 fake-smtp ready\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\r\n'); end !== -1; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data !== null) {
          if (line === '.') {
            messages.push(data);
            data = null;
            socket.write('250 queued\r\n');
          } else {
            data += `${line}\n`;
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 fake-smtp\r\n');
        else if (verb === 'DATA') {
          data = '';
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else if (verb === 'RCPT' && rejected.has(/<([^>]*)>/.exec(line)?.[1]?.toLowerCase() ?? '')) {
          socket.write('550 5.1.1 no such mailbox\r\n');
        } else socket.write('250 ok\r\n');
      }
    });
    socket.on('error', () => {});
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () =>
      resolve({ messages, close: () => new Promise((done) => server.close(() => done())) }),
    );
  });
}

/** A TCP port nothing listens on (taken from the OS, then released). */
export function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
