let savepoints = 0;

/**
 * A transaction inside a transaction: `body` runs inside a savepoint of the transaction `run` sends
 * statements to, released when it succeeds and rolled back to when it throws (and the error rethrown).
 */
export async function inSavepoint<T>(
  run: (sql: string) => Promise<unknown>,
  body: () => Promise<T>,
): Promise<T> {
  const name = `sp_${++savepoints}`;
  await run(`SAVEPOINT ${name}`);
  try {
    const result = await body();
    await run(`RELEASE SAVEPOINT ${name}`);
    return result;
  } catch (error) {
    await run(`ROLLBACK TO SAVEPOINT ${name}`);
    throw error;
  }
}
