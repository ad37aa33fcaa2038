/**
 * The operator's console talks to a running server through a Unix socket when the
 * database is embedded: PGlite belongs to one process, so `npm run operator` cannot open
 * it while the server runs, and an in-memory one (memory://) exists only inside the
 * server. The server listens on the socket (plugins/operator-socket.ts) and runs the
 * command on its own database; the socket file is readable by its owner only, the same
 * people who could open the database files.
 *
 * Protocol: one JSON line `{"argv": [...]}` from the console; JSON lines `{"line": "..."}`
 * and a last `{"exit": n}` from the server.
 */
import { connect } from 'node:net';
import path from 'node:path';
import { MEMORY_DATABASE_URL, type Config } from '../config.ts';

/**
 * Where the socket lives: OPERATOR_SOCKET, or next to an embedded database directory
 * ("./data/pglite" -> "./data/pglite.operator.sock"); none for PostgreSQL (the console
 * connects to it directly) or when OPERATOR_SOCKET=off.
 */
export function operatorSocketPath(config: Config): string | null {
  const configured = config.mining.operatorSocket;
  if (configured === 'off') return null;
  if (configured) return path.resolve(configured);
  const { database } = config;
  if (database.driver !== 'pglite' || database.dataDir === MEMORY_DATABASE_URL) return null;
  const dir = path.resolve(database.dataDir);
  return path.join(path.dirname(dir), `${path.basename(dir)}.operator.sock`);
}

export type SocketMessage = { line: string } | { exit: number };

/**
 * Runs `argv` in the server listening on `socketPath`, printing its lines; answers the
 * exit code, or null when no server listens there (then the caller opens the database).
 */
export function runThroughServer(socketPath: string, argv: string[], out: (line: string) => void): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const socket = connect(socketPath);
    let buffer = '';
    let answered = false;
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify({ argv })}\n`));
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let newline: number;
      while ((newline = buffer.indexOf('\n')) >= 0) {
        const message = JSON.parse(buffer.slice(0, newline)) as SocketMessage;
        buffer = buffer.slice(newline + 1);
        if ('line' in message) out(message.line);
        else {
          answered = true;
          socket.end();
          resolve(message.exit);
        }
      }
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // No file, or a file left by a server that is gone: nobody is listening.
      if (!answered && (error.code === 'ENOENT' || error.code === 'ECONNREFUSED')) resolve(null);
      else reject(error);
    });
    socket.on('close', () => {
      if (!answered) reject(new Error('the server closed the operator socket without an answer'));
    });
  });
}
