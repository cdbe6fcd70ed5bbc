import type pg from 'pg';

/**
 * Replacing a table by a copy rebuilt beside it, inside the caller's transaction: `copy` must already hold the rows
 * (made by `LIKE table`, without indexes); this gives it the table's indexes, constraints and triggers, as the
 * catalog says they are now (so whatever later migrations add carries over), points the foreign keys of other
 * tables at it, then drops the table and gives the copy its name. Readers see the old table until the caller
 * commits, and wait only from the drop to the commit.
 */
export async function swapTable(
  client: pg.PoolClient,
  table: string,
  copy: string,
  step: (name: string) => void = () => undefined,
): Promise<void> {
  const q = async <R extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
    (await client.query<R>(text, values)).rows;
  const indexes = await q<{ name: string; def: string }>(
    `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS def
     FROM pg_index AS i JOIN pg_class AS c ON c.oid = i.indexrelid
     WHERE i.indrelid = $1::regclass
       AND NOT EXISTS (SELECT 1 FROM pg_constraint AS k WHERE k.conindid = i.indexrelid)`,
    [table],
  );
  const constraints = await q<{ name: string; def: string }>(
    `SELECT conname AS name, pg_get_constraintdef(oid) AS def FROM pg_constraint
     WHERE conrelid = $1::regclass AND contype IN ('p', 'u', 'x')`,
    [table],
  );
  const triggers = await q<{ def: string }>(
    'SELECT pg_get_triggerdef(oid) AS def FROM pg_trigger WHERE tgrelid = $1::regclass AND NOT tgisinternal',
    [table],
  );
  const references = await q<{ owner: string; name: string; def: string }>(
    `SELECT conrelid::regclass::text AS owner, conname AS name, pg_get_constraintdef(oid) AS def
     FROM pg_constraint WHERE confrelid = $1::regclass AND contype = 'f'`,
    [table],
  );
  const ident = (name: string) => client.escapeIdentifier(name);
  const temporary = (name: string) => ident(`${name}_swap`);

  for (const { name, def } of constraints) {
    await client.query(`ALTER TABLE ${ident(copy)} ADD CONSTRAINT ${temporary(name)} ${def}`);
    step(name);
  }
  for (const { name, def } of indexes) {
    const made = def.replace(
      /^(CREATE (?:UNIQUE )?INDEX )\S+( ON (?:ONLY )?)\S+/,
      `$1${temporary(name)}$2${ident(copy)}`,
    );
    await client.query(made);
    step(name);
  }
  for (const { def } of triggers) {
    await client.query(def.replace(/( ON )\S+( REFERENCING | FOR EACH )/, `$1${ident(copy)}$2`));
  }
  await client.query(`ANALYZE ${ident(copy)}`);
  step('analyze');
  for (const { owner, name } of references)
    await client.query(`ALTER TABLE ${owner} DROP CONSTRAINT ${ident(name)}`);
  await client.query(`DROP TABLE ${ident(table)}`);
  await client.query(`ALTER TABLE ${ident(copy)} RENAME TO ${ident(table)}`);
  for (const { name } of constraints) {
    await client.query(`ALTER TABLE ${ident(table)} RENAME CONSTRAINT ${temporary(name)} TO ${ident(name)}`);
  }
  for (const { name } of indexes)
    await client.query(`ALTER INDEX ${temporary(name)} RENAME TO ${ident(name)}`);
  for (const { owner, name, def } of references) {
    await client.query(`ALTER TABLE ${owner} ADD CONSTRAINT ${ident(name)} ${def}`);
  }
  step('swap');
}
