/**
 * Serves `npm run operator` on a Unix socket while the server listens, for embedded
 * databases that only this process can open (operator/socket.ts). Commands run on the
 * server's own database and clock.
 */
import { chmod, unlink } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { EXIT_REFUSED, runOperatorCommand } from '../operator/commands.ts';
import { operatorSocketPath, type SocketMessage } from '../operator/socket.ts';

/** A command line is small; anything longer is not the console talking. */
const MAX_REQUEST_BYTES = 64 * 1024;

async function operatorSocket(app: FastifyInstance): Promise<void> {
  const socketPath = operatorSocketPath(app.config);
  if (!socketPath) return;
  let server: Server | undefined;

  const serve = (socket: Socket) => {
    let buffer = '';
    const send = (message: SocketMessage) => socket.write(`${JSON.stringify(message)}\n`);
    socket.setEncoding('utf8');
    socket.on('error', (error) => app.log.warn({ err: error }, 'operator socket connection failed'));
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      if (buffer.length > MAX_REQUEST_BYTES) socket.destroy();
      const newline = buffer.indexOf('\n');
      if (newline < 0) return;
      socket.removeAllListeners('data');
      let argv: unknown;
      try {
        argv = (JSON.parse(buffer.slice(0, newline)) as { argv?: unknown }).argv;
      } catch {
        argv = null;
      }
      if (!Array.isArray(argv) || !argv.every((argument) => typeof argument === 'string')) {
        send({ exit: EXIT_REFUSED });
        socket.end();
        return;
      }
      app.log.info({ argv }, 'operator command');
      runOperatorCommand({ db: app.db, now: () => app.clock.now(), out: (line) => send({ line }) }, argv)
        .catch((error: unknown) => {
          app.log.error({ err: error, argv }, 'operator command failed');
          send({ line: `Failed: ${error instanceof Error ? error.message : String(error)}` });
          return EXIT_REFUSED;
        })
        .then((exit) => {
          send({ exit });
          socket.end();
        });
    });
  };

  app.addHook('onListen', async () => {
    // A socket file left by a server that crashed: this process owns the database now.
    await unlink(socketPath).catch(() => {});
    server = createServer(serve);
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(socketPath, () => resolve());
    });
    await chmod(socketPath, 0o600);
    app.log.info({ socketPath }, 'operator console socket listening');
  });
  app.addHook('onClose', async () => {
    if (!server) return;
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    await unlink(socketPath).catch(() => {});
  });
}

export default fp(operatorSocket, { name: 'operator-socket', dependencies: ['config', 'db', 'clock'] });
