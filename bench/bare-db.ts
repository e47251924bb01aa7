/** The bare baseline's database: postgres-js on DATABASE_URL, else PGlite in this process (PGLITE_DIR). */
export type Row = Record<string, unknown>;
type Params = unknown[];
export type Query = (text: string, params: Params) => Promise<Row[]>;
export type Database = { query: Query; transaction<T>(work: (q: Query) => Promise<T>): Promise<T>; close(): Promise<void> };

export async function openDb(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const { default: postgres } = await import("postgres");
    const sql = postgres(url, { max: Number(process.env.BARE_POOL ?? 10), onnotice: () => {} });
    type Value = Parameters<typeof sql.unsafe>[1];
    return {
      query: async (text, params) => [...(await sql.unsafe<Row[]>(text, params as Value))],
      transaction: async (work) => (await sql.begin((tx) => work(async (text, params) => [...(await tx.unsafe<Row[]>(text, params as Value))]))) as never,
      close: () => sql.end({ timeout: 5 }),
    };
  }
  const dir = process.env.PGLITE_DIR;
  if (!dir) throw new Error("bare-server needs DATABASE_URL or PGLITE_DIR");
  const { PGlite } = await import("@electric-sql/pglite");
  const pg = await PGlite.create({ dataDir: dir });
  return {
    query: async (text, params) => (await pg.query<Row>(text, params)).rows,
    transaction: (work) => pg.transaction((tx) => work(async (text, params) => (await tx.query<Row>(text, params)).rows)),
    close: () => pg.close(),
  };
}
