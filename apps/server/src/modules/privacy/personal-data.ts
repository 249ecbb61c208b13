/**
 * Where Tun keeps personal data, and what happens to it (GDPR articles 15 and 17; DESIGN §5
 * "Personal data"; docs/decisions/011-leaving-and-erasure.md). Each module declares, in its own
 * `*.personal-data.ts`, the tables and person-valued columns it answers for and how they export,
 * count as history, end when the person leaves and are erased. The privacy export, erasure, the
 * users page's delete and «Avslutt» loop over this list, and a test fails when a table of the
 * live schema holds a person and no entry names it.
 */
import type { Queryable, Trx } from '../../db/database';
import type { DB, PersonRow } from '../../db/schema';
import type { Publish } from '../../db/write';

export interface PersonalData {
  /** A name for the entry, for tests and messages. */
  name: string;
  /** Each table this entry answers for, with its columns that hold a person's id. */
  columns: Readonly<Partial<Record<keyof DB, readonly string[]>>>;
  /** The person's data here, as named sections of the export file. */
  export(db: Queryable, schoolId: string, person: PersonRow): Promise<Record<string, unknown>>;
  /**
   * Whether the school keeps records here that involve the person: then they cannot be
   * deleted, only ended («Avslutt») or erased.
   */
  hasHistory?(db: Queryable, schoolId: string, personId: string): Promise<boolean>;
  /** What ends at once when the person leaves; undoing the leave does not bring it back. */
  leave?(trx: Trx, schoolId: string, person: PersonRow, publish: Publish): Promise<void>;
  /** Erasure, inside the erasing transaction; entries run in the order of the registry. */
  erase(trx: Trx, schoolId: string, person: PersonRow, publish: Publish): Promise<void>;
}
