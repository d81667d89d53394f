/**
 * One-line structured logs (JSON) filtered by LOG_LEVEL. Module-level because logging is
 * process-wide; `configureLogger` is called once at start.
 */
const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
export type LogLevel = keyof typeof LEVELS;

let threshold: number = LEVELS.info;

export function configureLogger(level: LogLevel) {
  threshold = LEVELS[level];
}

function write(level: Exclude<LogLevel, 'silent'>, message: string, detail?: unknown) {
  if (LEVELS[level] < threshold) return;
  const entry: Record<string, unknown> = { time: new Date().toISOString(), level, message };
  if (detail instanceof Error)
    entry.error = { name: detail.name, message: detail.message, stack: detail.stack };
  else if (detail !== undefined) entry.detail = detail;
  const line = JSON.stringify(entry);
  if (level === 'error' || level === 'warn') console.error(line);
  else console.log(line);
}

export const log = {
  debug: (message: string, detail?: unknown) => write('debug', message, detail),
  info: (message: string, detail?: unknown) => write('info', message, detail),
  warn: (message: string, detail?: unknown) => write('warn', message, detail),
  error: (message: string, detail?: unknown) => write('error', message, detail),
};
