/**
 * `npm run coupon -- create --type monthly --percent 20 --count 5`: creates coupon numbers and prints
 * them, one a line (see `couponUsage`). Uses the server's configuration (DATA_DIR or DATABASE_URL).
 * The embedded database takes one process at a time: while a server holds the data folder the
 * command refuses, naming it (infra/data-folder-lock.ts).
 */
import { dayCodeOf } from '@teamline/contract';
import { loadConfig } from '../config.js';
import { createBillingRepository } from '../features/billing/billing.repository.js';
import { createCoupons } from '../features/billing/coupon.js';
import { CouponCommandError, couponUsage, parseCouponCommand } from '../features/billing/coupon-command.js';
import { DataFolderLockedError } from '../infra/data-folder-lock.js';
import { openDatabase } from '../infra/db.js';

let batch;
try {
  batch = parseCouponCommand(process.argv.slice(2), dayCodeOf(new Date()));
} catch (error) {
  if (!(error instanceof CouponCommandError) && !(error instanceof TypeError)) throw error;
  console.error(`${error.message}\n\n${couponUsage}`);
  process.exit(2);
}
const config = loadConfig();
let database;
try {
  database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? null : config.databaseDir,
    lock: { folder: config.dataDir, holder: 'coupon command' },
  });
} catch (error) {
  if (!(error instanceof DataFolderLockedError)) throw error;
  console.error(error.message);
  process.exit(1);
}
try {
  const created = await createCoupons(createBillingRepository(database.db), batch);
  const benefit =
    batch.percentOff === 100
      ? `${batch.periods} free period(s)`
      : `${batch.percentOff}% off ${batch.periods} period(s)`;
  console.error(
    `${created.length} ${batch.type} coupon(s), ${benefit}, valid ${batch.validFrom}–${batch.validUntil}:`,
  );
  for (const coupon of created) console.log(coupon.number);
} finally {
  await database.close();
}
