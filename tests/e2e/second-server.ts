/** The second server of a PostgreSQL run (playwright.config.ts): the first one's port + 1. */
export function secondServerURL(): string {
  const port = Number(process.env.E2E_PORT ?? 3210) + 1;
  return `http://127.0.0.1:${port}`;
}
