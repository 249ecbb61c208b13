/**
 * SQLite's checkpoints, on a thread of their own (decision 002, «Checkpoints»).
 *
 * In WAL mode every commit appends to `tun.db-wal`; a checkpoint copies those pages back into
 * the database file and syncs it. Left to SQLite, the commit that takes the log past 1,000 pages
 * runs the checkpoint itself, on the server's one thread: under the morning rush that was a
 * sheet save of 100 ms or more now and then, with every other request waiting behind it. Here
 * the server's connection never checkpoints; a worker thread with a connection of its own does,
 * in PASSIVE mode, which neither waits for nor blocks the server's reads and writes.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/** SQLite's own threshold for its automatic checkpoint, in pages. */
const CHECKPOINT_PAGES = 1000;
/** How often the worker looks at the log's size. */
const LOOK_EVERY_MS = 200;

/**
 * The worker, as a script: it runs in its own thread, so it cannot share the bundle's modules
 * and loads better-sqlite3 by the path the server resolved.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { statSync } = require('node:fs');
const Database = require(workerData.module);
const db = new Database(workerData.file, { fileMustExist: true });
const limit = workerData.pages * db.pragma('page_size', { simple: true });
const walSize = () => { try { return statSync(workerData.file + '-wal').size; } catch { return 0; } };
const timer = setInterval(() => {
  // A log that SQLite restarted from its beginning keeps its size on disk; checkpointing it
  // again when nothing new was written costs one look at the file, not a sync.
  if (walSize() < limit) return;
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage({ error: String(error) });
  }
}, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface WalCheckpoints {
  /** Ends the worker; the server's connection then closes with SQLite's last checkpoint. */
  stop(): Promise<void>;
}

/**
 * Turns off the connection's own checkpoints and starts the worker that takes them over. Should
 * the worker fail, the connection checkpoints by itself again, so the log never grows unbounded.
 */
export function startWalCheckpoints(sqlite: SQLite.Database, file: string): WalCheckpoints {
  // Rare enough to go to stderr, as Node's own warnings do: the database opens before the logger.
  const onError = (message: string) => process.emitWarning(message, 'SqliteCheckpointWarning');
  sqlite.pragma('wal_autocheckpoint = 0');
  // The log is cut back to this size when SQLite restarts it, rather than keeping its largest.
  const pageSize = sqlite.pragma('page_size', { simple: true }) as number;
  sqlite.pragma(`journal_size_limit = ${CHECKPOINT_PAGES * pageSize}`);
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      module: createRequire(import.meta.url).resolve('better-sqlite3'),
      file,
      pages: CHECKPOINT_PAGES,
      everyMs: LOOK_EVERY_MS,
    },
  });
  // The server's own timers and sockets decide when it exits, not this thread.
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  let stopped = false;
  const fallBack = (message: string) => {
    onError(message);
    if (!stopped && sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${CHECKPOINT_PAGES}`);
  };
  worker.on('message', (message: { error: string }) => onError(message.error));
  worker.on('error', (error) => fallBack(String(error)));
  worker.on('exit', (code) => {
    if (!stopped) fallBack(`the checkpoint thread ended (${code})`);
  });
  return {
    async stop() {
      if (stopped) return;
      stopped = true;
      worker.postMessage('stop');
      await exited;
    },
  };
}
