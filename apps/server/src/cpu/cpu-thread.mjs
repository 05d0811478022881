// A thread of the CPU pool (cpu-pool.ts). Threads don't inherit tsx's loader: register it, then load the tasks
// module named by the pool (TypeScript) and answer with its `runCpuTask`.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const tasks = await import(workerData.tasksModule);

export default tasks.runCpuTask;
