import type { CellKey, CellRecord, StoreCounts, User } from './records';

export interface RegisterOptions {
  key?: string;
  smsReplied?: boolean;
  state?: string | null;
  /** The demo subscriber's: consents at once to every CAMARA consumer and purpose (a standing consent). */
  standingConsent?: boolean;
}

/** What the admin command line (and the demo seeding, and the simulator) writes and lists. */
export interface Admin {
  addDeveloper(name: string): number;
  issueServiceKey(developer: string, key?: string): string;
  registerUser(developer: string, msisdn: string, options?: RegisterOptions): string;
  recordSmsReply(userKey: string, replied?: boolean): void;
  setPhoneCell(userKey: string, key: CellKey): void;
  addCell(cell: CellRecord): void;
  /** Inserts or replaces every cell in one transaction; returns how many were written. */
  addCells(cells: Iterable<CellRecord>): number;
  /** Runs `work` in one transaction (nested calls become savepoints). */
  transaction<T>(work: () => T): T;
  listCells(limit: number, offset?: number): CellRecord[];
  listUsers(): Array<Omit<User, 'developerId'> & { developer: string }>;
  counts(): StoreCounts;
}
