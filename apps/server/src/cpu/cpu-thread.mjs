// A thread of the CPU pool (cpu-pool.ts): loads the tasks module named by the pool and answers with its
// `runCpuTask`. Threads don't inherit tsx's loader: a TypeScript module (the sources, run under tsx) needs it
// registered here; the compiled server's module is JavaScript, and its folder has no tsx.
import { workerData } from 'node:worker_threads';

if (workerData.tasksModule.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api');
  register();
}
const tasks = await import(workerData.tasksModule);

export default tasks.runCpuTask;
