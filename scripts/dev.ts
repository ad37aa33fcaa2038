/**
 * `npm run dev`: Astro's dev server (with reload) on :4321 and the API with --watch on
 * :4322; Astro proxies /api to it, so the browser sees one origin as in production.
 */
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '4322';
const children = [
  spawn('node', ['--watch', 'server/start.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, SITE_DIR: '' },
  }),
  spawn('astro', ['dev'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', stop));
