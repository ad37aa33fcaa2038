/** What a benchmark ran on, written with its figures: they mean little without it. */
import os from 'node:os';

export function machineFacts() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Number((os.totalmem() / 2 ** 30).toFixed(1)),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
  };
}
