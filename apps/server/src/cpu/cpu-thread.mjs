// A thread of the CPU pool (cpu-pool.ts): loads the tasks module named by the pool and answers with its
// `runCpuTask`. Threads don't inherit tsx's loader: a TypeScript module (the sources, run under tsx) needs it
// registered here; the compiled server's module is JavaScript, and its folder has no tsx.
import { workerData } from 'node:worker_threads';

if (workerData.tasksModule.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api');
  register();
}
const tasks = await import(workerData.tasksModule);

// The thread, and the libvips threads sharp starts (now and later, checked every 2 s), run below the priority of
// the event loop that answers HTTP. Beside this file in the tasks module's language (.ts sources, .js compiled).
const language = workerData.tasksModule.slice(workerData.tasksModule.lastIndexOf('.'));
const priority = await import(new URL(`./thread-priority${language}`, import.meta.url).href);
priority.lowerThisThreadPriority();
setInterval(priority.lowerImageLibraryThreads, 2_000).unref();

export default tasks.runCpuTask;
