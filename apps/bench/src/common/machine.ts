import os from 'node:os';

export interface MachineInfo {
  cores: number;
  cpuModel: string;
  memoryBytes: number;
  node: string;
  platform: string;
  postgres?: string;
}

export function machineInfo(): MachineInfo {
  const cpus = os.cpus();
  return {
    cores: typeof os.availableParallelism === 'function' ? os.availableParallelism() : cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    memoryBytes: os.totalmem(),
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
  };
}
